import { Trans, useLingui } from '@lingui/react/macro';
import { parsePercents, type ServerEnvironment } from '../../../shared/contract/settings-admin';
import { earnedPoints, toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

/** The tip buttons as checkout will show them, so the owner sees the effect of the list. */
export function TipButtons({ raw, on }: { raw: string; on: boolean }) {
  const percents = parsePercents(raw);
  if (!on) {
    return (
      <p className="settings-field__hint" role="status">
        <Trans>Tips are off: checkout shows no tip buttons.</Trans>
      </p>
    );
  }
  if (!percents || percents.length === 0) return null;
  return (
    <div className="settings-example" aria-live="polite">
      <span className="settings-field__hint">
        <Trans>At checkout:</Trans>
      </span>
      <ul className="settings-chips">
        {percents.map((p) => (
          <li key={p}>{p.toLocaleString()} %</li>
        ))}
      </ul>
    </div>
  );
}

/** What a typical order earns at the percent typed in. */
export function LoyaltyExample({ raw }: { raw: unknown }) {
  const money = useMoney();
  const percent = Number(String(raw ?? '').replace(',', '.'));
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const order = toCents(40);
  const points = earnedPoints(order, 0, percent);
  const orderText = money(order);
  const pointsText = money(points);
  return (
    <p className="settings-example" aria-live="polite">
      <Trans>
        An order of {orderText} earns points worth {pointsText}.
      </Trans>
    </p>
  );
}

function Configured({ label, on }: { label: string; on: boolean }) {
  return (
    <li>
      <strong>{label}:</strong> {on ? <Trans>on</Trans> : <Trans>off</Trans>}
    </li>
  );
}

/** Payment and mail secrets live in the server's configuration; the screen only says whether they are set. */
export function OrderingNotes({ environment }: { environment: ServerEnvironment }) {
  const { t } = useLingui();
  return (
    <div className="settings-env">
      <p className="settings-field__hint">
        <Trans>Set by the server's configuration (ask whoever runs your server to change these):</Trans>
      </p>
      <ul>
        <Configured label={t`Card payments (Stripe)`} on={environment.stripe} />
        <Configured label={t`Connection for tills and delivery platforms`} on={environment.operatorApi} />
      </ul>
    </div>
  );
}

export function AccountsNotes({ environment }: { environment: ServerEnvironment }) {
  const names = environment.socialProviders.map((p) => (p === 'google' ? 'Google' : p === 'facebook' ? 'Facebook' : p)).join(', ');
  return (
    <p className="settings-env settings-field__hint">
      {names ? <Trans>Set up on the server: {names}.</Trans> : <Trans>No sign-in provider is set up on the server yet, so no buttons show even when this is on.</Trans>}
    </p>
  );
}
