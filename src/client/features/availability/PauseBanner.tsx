import { useLingui } from '@lingui/react/macro';
import type { PauseScope } from '../../../shared/contract/staff';
import { timeZoneOf } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';
import { useAvailability } from './queries';
import { intlLocale } from '../../../shared/i18n/locales';

/** Says plainly when online ordering is paused, for what and until when. */
export function PauseBanner() {
  const { t, i18n } = useLingui();
  const { pauses } = useAvailability();
  const timeZone = timeZoneOf(useSettings());
  if (!pauses.length) return null;
  const until = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { timeStyle: 'short', timeZone }).format(new Date(iso));
  const what: Record<PauseScope, string> = {
    all: t`Online ordering`,
    delivery: t`Delivery`,
    pickup: t`Pickup and curbside`,
    table: t`Ordering at the table`,
  };
  return (
    <div className="pause-banner" role="status" data-testid="pause-banner">
      {pauses.map((p) => (
        <p key={p.id}>
          <strong>{t`${what[p.scope]} is paused until ${until(p.endsAt)}.`}</strong> {t`You can still order for a later time.`}
        </p>
      ))}
    </div>
  );
}
