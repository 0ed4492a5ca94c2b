import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { applyUpdate, pwa } from './register';

export function UpdatePrompt() {
  const { updateReady } = useSnapshot(pwa);
  if (!updateReady) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is available.</Trans>
      </span>
      <button type="button" className="button button--small" onClick={applyUpdate}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
