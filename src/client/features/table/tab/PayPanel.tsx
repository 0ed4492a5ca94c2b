import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, type TableTab, type TabPayInput } from '../../../../shared/contract/table-tab';
import { evenShares, toCents } from '../../../../shared/pricing';
import { ApiError } from '../../../lib/api';
import type { StoredTableSession } from '../../../lib/db';
import { useMoney } from '../../../ui/money';
import { pushToast } from '../../../ui/toasts';
import { useDeviceOrders } from '../../orders';
import { cancelSplit, payTab, splitTab, tabKey } from './tab-api';

interface Props {
  session: StoredTableSession;
  tab: TableTab;
  online: boolean;
}

/** Paying the tab on the phone: one's own lines (ticked for them), any lines, or one share of an even split. */
export function PayPanel({ session, tab, online }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const queryClient = useQueryClient();
  const mine = new Set(useDeviceOrders().map((o) => o.code));
  const open = tab.orders.flatMap((o) => o.lines.filter((l) => l.state === 'open').map((l) => ({ ...l, mine: mine.has(o.code), order: o })));
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  // Until the diner changes it, their own open lines are ticked.
  const chosen = new Set([...(picked ?? new Set(open.filter((l) => l.mine).map((l) => l.id)))].filter((id) => open.some((l) => l.id === id)));
  const chosenCents = open.filter((l) => chosen.has(l.id)).reduce((sum, l) => sum + toCents(l.due), 0);
  const [parts, setParts] = useState(() => Math.min(MAX_SPLIT_PARTS, Math.max(MIN_SPLIT_PARTS, new Set(tab.orders.map((o) => o.name)).size)));
  const [busy, setBusy] = useState(false);
  const provider = tab.payWith[0];

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      pushToast({ tone: 'error', title: error instanceof ApiError && error.status < 500 ? error.message : t`That did not work. Please try again.` });
      void queryClient.invalidateQueries({ queryKey: tabKey(session.code) });
    } finally {
      setBusy(false);
    }
  };
  const pay = (body: Omit<TabPayInput, 'paymentType' | 'name'>) =>
    act(async () => {
      if (!provider) return;
      const started = await payTab(session, { ...body, paymentType: provider.id, name: '' });
      window.location.assign(started.url);
    });
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };

  if (tab.total > 0 && tab.open === 0 && tab.pending === 0) {
    return (
      <p className="card tab-paid" role="status">
        <Trans>Everything is paid. Thank you!</Trans>
      </p>
    );
  }
  if (!tab.orders.length) return null;
  const share = tab.split?.shares.find((s) => s.state === 'open');
  return (
    <section className="card tab-pay" aria-labelledby="tab-pay-title">
      <h2 id="tab-pay-title">
        <Trans>Pay</Trans>
      </h2>
      {!provider ? (
        <p>
          <Trans>Please pay at the table: ask for the bill and we come to you.</Trans>
        </p>
      ) : tab.split ? (
        <>
          <p>
            <Trans>
              The table splits {money(toCents(tab.split.total))} into {tab.split.parts} shares.
            </Trans>
          </p>
          <ol className="tab-shares">
            {tab.split.shares.map((s) => (
              <li key={s.part} className={`tab-share tab-share--${s.state}`}>
                <span>{money(toCents(s.amount))}</span>
                <span>{s.state === 'paid' ? t`Paid` : s.state === 'pending' ? t`Being paid` : t`Open`}</span>
              </li>
            ))}
          </ol>
          {share ? (
            <button type="button" className="button button--block" disabled={!online || busy} onClick={() => void pay({ share: true })}>
              {t`Pay one share (${money(toCents(share.amount))})`}
            </button>
          ) : null}
          {tab.split.shares.every((s) => s.state === 'open') ? (
            <button
              type="button"
              className="link-button"
              disabled={!online || busy}
              onClick={() => void act(async () => void queryClient.setQueryData(tabKey(session.code), await cancelSplit(session)))}
            >
              <Trans>Undo the split</Trans>
            </button>
          ) : null}
        </>
      ) : open.length ? (
        <>
          <fieldset className="tab-pick">
            <legend>
              <Trans>What do you pay?</Trans>
            </legend>
            {open.map((l) => (
              <label key={l.id} className="tab-pick__line">
                <input type="checkbox" checked={chosen.has(l.id)} onChange={() => toggle(l.id)} />
                <span>
                  {l.qty} × {l.name} <small className="muted">{l.order.name || t`Guest`}</small>
                </span>
                <span className="tab-line__due">{money(toCents(l.due))}</span>
              </label>
            ))}
          </fieldset>
          <button type="button" className="button button--block" disabled={!online || busy || chosen.size === 0} onClick={() => void pay({ lines: [...chosen] })}>
            {chosen.size ? t`Pay ${money(chosenCents)} by card` : t`Tick what you pay`}
          </button>
          <details className="tab-split">
            <summary>
              <Trans>Split the rest evenly</Trans>
            </summary>
            <div className="tab-split__row">
              <label htmlFor="tab-parts">
                <Trans>Number of people</Trans>
              </label>
              <div className="stepper">
                <button type="button" className="stepper__button" aria-label={t`Fewer people`} disabled={parts <= MIN_SPLIT_PARTS} onClick={() => setParts(parts - 1)}>
                  −
                </button>
                <output id="tab-parts" aria-live="polite">
                  {parts}
                </output>
                <button type="button" className="stepper__button" aria-label={t`More people`} disabled={parts >= MAX_SPLIT_PARTS} onClick={() => setParts(parts + 1)}>
                  +
                </button>
              </div>
            </div>
            <button
              type="button"
              className="button button--ghost button--block"
              disabled={!online || busy}
              onClick={() => void act(async () => void queryClient.setQueryData(tabKey(session.code), await splitTab(session, parts)))}
            >
              {t`Split into ${parts} shares of about ${money(evenShares(toCents(tab.open), parts)[0] ?? 0)}`}
            </button>
          </details>
        </>
      ) : (
        <p role="status">
          <Trans>A payment is under way. This page updates when it is done.</Trans>
        </p>
      )}
      <p className="muted tab-pay__note">
        <Trans>Paying cash or with the card terminal? Ask for the bill.</Trans>
      </p>
    </section>
  );
}
