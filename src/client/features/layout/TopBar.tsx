import { useLingui } from '@lingui/react/macro';
import { text } from '../../../shared/contract/settings';
import { CoinBalance } from '../account';
import { useSettings } from '../catalog';
import { PhoneIcon } from '../../ui/icons';
import { SocialLinks, TOPBAR_NETWORKS } from './social';
import { telHref } from '../../lib/tel';

export function TopBar() {
  const { t } = useLingui();
  const settings = useSettings();
  const phone = text(settings, 'PHONE');
  return (
    // A landmark of its own beside the header (the header stays the only sticky banner), so no
    // content of the page lies outside a landmark.
    <aside className="top-bar">
      <div className="container top-bar__inner">
        {phone ? (
          <a href={telHref(phone)} className="top-bar__phone" aria-label={t`Call us: ${phone}`}>
            <PhoneIcon width={16} height={16} /> <span dir="ltr">{phone}</span>
          </a>
        ) : (
          <span />
        )}
        <div className="top-bar__end">
          <CoinBalance />
          <SocialLinks settings={settings} only={TOPBAR_NETWORKS} className="social-links--small" />
        </div>
      </div>
    </aside>
  );
}
