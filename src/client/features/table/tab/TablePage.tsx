import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { TabLineState, TableCallKind, TableTab } from '../../../../shared/contract/table-tab';
import { intlLocale } from '../../../../shared/i18n/locales';
import { toCents } from '../../../../shared/pricing';
import { ApiError } from '../../../lib/api';
import type { StoredTableSession } from '../../../lib/db';
import { useLive } from '../../../lib/use-live';
import { EmptyState } from '../../../ui/EmptyState';
import { useMoney } from '../../../ui/money';
import { SumRow } from '../../../ui/SumRow';
import { pushToast } from '../../../ui/toasts';
import { useDeviceOrders } from '../../orders';
import { useOnline } from '../../pwa';
import { endTableSession, useTableSession } from '../session';
import { PayPanel } from './PayPanel';
import { callStaff, checkTabPayment, tabKey, tabLiveHeaders, tabLivePath, tabQuery } from './tab-api';
import './tab.css';

export interface PaymentReturn {
  payment?: string;
  sess?: string;
}

/**
 * The table's page: every order the table placed, live, who ordered what, what is paid and what
 * is open; the waiter and the bill a tap away; paying one's own lines or an even share.
 */
export function TablePage({ back, onBackHandled }: { back: PaymentReturn; onBackHandled: () => void }) {
  const session = useTableSession();
  const [closed, setClosed] = useState<string | null>(null);
  if (closed) {
    return (
      <section className="container narrow table-page">
        <EmptyState>
          <Trans>{closed} is closed. Thank you for your visit!</Trans>
        </EmptyState>
      </section>
    );
  }
  if (!session) {
    return (
      <section className="container narrow table-page">
        <EmptyState>
          <Trans>Scan the QR code on your table to see its tab, call the waiter or pay.</Trans>
        </EmptyState>
      </section>
    );
  }
  return <TableTabView key={session.code} session={session} back={back} onBackHandled={onBackHandled} onClosed={() => setClosed(session.name)} />;
}

interface ViewProps {
  session: StoredTableSession;
  back: PaymentReturn;
  onBackHandled: () => void;
  onClosed: () => void;
}

function TableTabView({ session, back, onBackHandled, onClosed }: ViewProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const query = useQuery(tabQuery(session));
  const { refetch } = query;
  const tab = query.data;
  const ended = query.error instanceof ApiError && query.error.status === 401;

  useLive(ended ? null : tabLivePath(session), (type) => {
    if (type === 'table' || type === 'order' || type === 'hello') void refetch();
  }, { headers: tabLiveHeaders(session) });

  useEffect(() => {
    if (!ended) return;
    // Staff closed the table: its tab and this phone's session end together.
    queryClient.removeQueries({ queryKey: tabKey(session.code) });
    onClosed();
    void endTableSession();
  }, [ended, onClosed, queryClient, session.code]);

  // Back from the card provider's page: the address proves nothing, so the server asks the provider.
  const { payment, sess } = back;
  useEffect(() => {
    if (!payment || !sess) return;
    let cancelled = false;
    void checkTabPayment(session, payment, sess)
      .then((result) => {
        if (cancelled) return;
        queryClient.setQueryData(tabKey(session.code), result.tab);
        if (result.state === 'paid') pushToast({ tone: 'success', title: t`Paid. Thank you!` });
        else if (result.state === 'pending') pushToast({ tone: 'info', title: t`Your payment is still being confirmed.` });
        else pushToast({ tone: 'error', title: t`The payment did not go through. Nothing was charged; you can try again.` });
      })
      .catch(() => pushToast({ tone: 'error', title: t`We could not check your payment. Please try again in a moment.` }))
      .finally(() => {
        if (!cancelled) onBackHandled();
      });
    return () => {
      cancelled = true;
    };
  }, [payment, sess, session, queryClient, onBackHandled, t]);

  const time = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <section className="container narrow table-page" aria-labelledby="table-title">
      <header className="table-page__head">
        <h1 id="table-title">{session.name}</h1>
        <p className="muted">
          <Trans>Everything your table ordered, live.</Trans>
        </p>
      </header>
      {!online ? (
        <p className="notice" role="status">
          {tab ? t`You are offline. This is the tab as of your last connection.` : t`You are offline. The tab shows once you are back online.`}
        </p>
      ) : null}
      <CallButtons session={session} tab={tab} online={online} />
      {query.isError && !ended && !tab ? (
        <p role="alert" className="notice notice--error">
          <Trans>The tab could not be loaded. Retrying…</Trans>
        </p>
      ) : null}
      {tab ? (
        <>
          <TabList tab={tab} time={time} />
          <PayPanel session={session} tab={tab} online={online} />
        </>
      ) : query.isPending ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading the tab…</Trans>
        </p>
      ) : null}
      <p className="table-page__back">
        <Link to="/" className="button button--ghost">
          <Trans>Order more</Trans>
        </Link>
      </p>
    </section>
  );
}

function CallButtons({ session, tab, online }: { session: StoredTableSession; tab: TableTab | undefined; online: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<TableCallKind | null>(null);
  const labels: Record<TableCallKind, string> = { waiter: t`Call the waiter`, bill: t`Ask for the bill` };
  const press = async (kind: TableCallKind) => {
    setBusy(kind);
    try {
      queryClient.setQueryData(tabKey(session.code), await callStaff(session, kind));
    } catch (error) {
      pushToast({ tone: 'error', title: error instanceof ApiError && error.status < 500 ? error.message : t`That did not reach the staff. Please try again, or wave to us.` });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="table-calls">
      {(['waiter', 'bill'] as const).map((kind) => {
        const call = tab?.calls.find((c) => c.kind === kind);
        const waiting = call && !call.seenAt;
        return (
          <div key={kind} className={`table-call${waiting ? ' table-call--waiting' : ''}${call?.seenAt ? ' table-call--seen' : ''}`}>
            <button type="button" className="button table-call__button" disabled={!online || busy !== null || Boolean(waiting)} onClick={() => void press(kind)}>
              {labels[kind]}
            </button>
            <p className="table-call__state" role="status">
              {waiting ? t`Sent. The staff have been told.` : call?.seenAt ? t`Seen. Someone is on the way.` : ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}

function LineBadge({ state }: { state: TabLineState }) {
  const { t } = useLingui();
  if (state === 'open') return null;
  const text: Record<Exclude<TabLineState, 'open'>, string> = { paid: t`Paid`, pending: t`Being paid`, split: t`In the split` };
  return <span className={`tab-badge tab-badge--${state}`}>{text[state]}</span>;
}

function TabList({ tab, time }: { tab: TableTab; time: (iso: string) => string }) {
  const { t } = useLingui();
  const money = useMoney();
  const mine = new Set(useDeviceOrders().map((o) => o.code));
  if (!tab.orders.length) {
    return (
      <p className="card table-empty">
        <Trans>Nothing ordered at this table yet. Every order placed here shows up for everyone at the table.</Trans>
      </p>
    );
  }
  return (
    <section className="tab" aria-labelledby="tab-title">
      <h2 id="tab-title">
        <Trans>The table's tab</Trans>
      </h2>
      <ul className="tab__orders">
        {tab.orders.map((o) => (
          <li key={o.code} className="card tab-order">
            <p className="tab-order__head">
              <strong>{o.name || t`Guest`}</strong>
              {mine.has(o.code) ? <span className="tab-badge tab-badge--mine">{t`You`}</span> : null}
              <span className="muted">
                {time(o.createdAt)} · {o.statusText}
              </span>
            </p>
            <ul className="tab-order__lines">
              {o.lines.map((l) => (
                <li key={l.id} className={`tab-line tab-line--${l.state}`}>
                  <span>
                    {l.qty} × {l.name}
                  </span>
                  <LineBadge state={l.state} />
                  <span className="tab-line__due">{money(toCents(l.due))}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <dl className="tab__totals">
        <SumRow label={t`Total`} amount={tab.total} />
        {tab.paid > 0 ? <SumRow label={t`Paid`} amount={tab.paid} /> : null}
        {tab.pending > 0 ? <SumRow label={t`Being paid`} amount={tab.pending} /> : null}
        <SumRow label={t`Still open`} amount={tab.open} className="tab__open" testId="tab-open" />
      </dl>
    </section>
  );
}
