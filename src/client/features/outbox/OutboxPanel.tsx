import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { OutboxEntry } from '../../lib/db';
import { useOnline } from '../pwa';
import { confirmEntry, discardEntry, flushOutbox, outbox } from './outbox';
import { intlLocale } from '../../../shared/i18n/locales';

function Steps({ phase }: { phase: OutboxEntry['phase'] }) {
  const { t } = useLingui();
  const steps = [
    { id: 'queued', label: t`Saved on this phone` },
    { id: 'sending', label: t`Sent` },
    { id: 'received', label: t`Received by the restaurant` },
  ];
  const reached = phase === 'sending' ? 1 : 0;
  return (
    <ol className="order-steps">
      {steps.map((s, i) => (
        <li key={s.id} className={i <= reached ? 'is-done' : undefined} aria-current={i === reached ? 'step' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

function EntryCard({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const minutes = Math.max(1, Math.round((Date.now() - entry.createdAt) / 60_000));
  const time = new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit' }).format(entry.createdAt);
  return (
    <div className="outbox-card">
      <h2 className="outbox-card__title">
        {entry.phase === 'confirm' ? t`Send this order now?` : online ? t`Sending your order…` : t`Your order is waiting for a connection`}
      </h2>
      {entry.phase === 'confirm' ? (
        <>
          <p>
            <Trans>
              This order from {time} has waited {minutes} minutes for a connection. Do you still want it?
            </Trans>
          </p>
          {entry.attempts > 0 ? (
            <p className="muted small">
              <Trans>It may already have reached the restaurant. Sending it again never orders twice.</Trans>
            </p>
          ) : null}
          <div className="outbox-card__actions">
            <button type="button" className="button button--ghost" onClick={() => void discardEntry(entry.key)}>
              <Trans>Cancel this order</Trans>
            </button>
            <button type="button" className="button" onClick={() => void confirmEntry(entry.key)}>
              <Trans>Yes, send it</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <Steps phase={entry.phase} />
          <p className="muted small">
            {online ? (
              <Trans>Please keep this page open for a moment.</Trans>
            ) : (
              <Trans>It is safe on this phone and goes out by itself as soon as you are back online. You will not order twice.</Trans>
            )}
          </p>
          <div className="outbox-card__actions">
            {entry.phase === 'queued' ? (
              <button type="button" className="button button--ghost button--small" onClick={() => void discardEntry(entry.key)}>
                <Trans>Cancel this order</Trans>
              </button>
            ) : null}
            {entry.phase === 'queued' && online ? (
              <button type="button" className="button button--small" onClick={() => void flushOutbox()}>
                <Trans>Try again now</Trans>
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

/** The device's unsent orders and where each one stands: saved → sent → received. */
export function OutboxPanel() {
  const entries = useSnapshot(outbox).entries as readonly OutboxEntry[];
  // The live region stays on the page while empty: a region mounted together with its first text
  // is often not read, and "waiting for a connection" is exactly what a diner must hear.
  return (
    <div role="status" aria-live="polite" data-testid="outbox-live">
      {entries.length ? (
        <section className="outbox">
          {entries.map((e) => (
            <EntryCard key={e.key} entry={e} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
