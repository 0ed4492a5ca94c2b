import { Trans } from '@lingui/react/macro';
import { OfflineIcon } from '../../ui/icons';
import { useOnline } from './online';

export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div className={`offline-indicator${online ? '' : ' is-visible'}`} role="status" aria-live="polite">
      {online ? null : (
        <>
          <OfflineIcon width={18} height={18} />
          <span>
            <Trans>You are offline. You can keep browsing the menu and your cart is kept.</Trans>
          </span>
        </>
      )}
    </div>
  );
}
