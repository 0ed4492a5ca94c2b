import './table-service.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffTable, TableCallKind, TableTab } from '../../../shared/contract/table-tab';
import { toCents } from '../../../shared/pricing';
import { intlLocale } from '../../../shared/i18n/locales';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../ui/money';
import { SumRow } from '../../ui/SumRow';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { staffCall } from '../api';

export const STAFF_TABLES_KEY = ['staff-tables'] as const;

/** Tables with a tab running or a call waiting, kept current by the board's live stream. */
export function useStaffTables() {
  return useQuery({ queryKey: STAFF_TABLES_KEY, queryFn: () => staffCall<StaffTable[]>('GET', '/tables/live') });
}

export interface WaitingCall {
  tableId: number;
  table: string;
  kind: TableCallKind;
  createdAt: string;
}

export function waitingCalls(tables: readonly StaffTable[]): WaitingCall[] {
  return tables
    .flatMap((x) => x.tab.calls.filter((c) => !c.seenAt).map((c) => ({ tableId: x.id, table: x.tab.table.name, kind: c.kind, createdAt: c.createdAt })))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function useTableAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => staffCall<TableTab>('POST', path, body ?? {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_TABLES_KEY }),
  });
}

/** The calls nobody answered yet, first on the board: the table, what they want, since when, and "on my way". */
export function TableCalls({ calls, now }: { calls: WaitingCall[]; now: number }) {
  const { t } = useLingui();
  const action = useTableAction();
  if (!calls.length) return null;
  const what: Record<TableCallKind, string> = { waiter: t`calls the waiter`, bill: t`asks for the bill` };
  return (
    <ul className="staff-calls" aria-label={t`Calls from tables`}>
      {calls.map((c) => {
        const minutes = Math.max(0, Math.floor((now - Date.parse(c.createdAt)) / 60_000));
        return (
          <li key={`${c.tableId}-${c.kind}`} className={`staff-call staff-call--${c.kind}`} role="alert" data-testid="table-call">
            <span className="staff-call__text">
              <strong>{c.table}</strong> {what[c.kind]}
              <small> · {minutes < 1 ? t`just now` : t`${minutes} min ago`}</small>
            </span>
            <button
              type="button"
              className="staff-button staff-button--accept"
              disabled={action.isPending}
              onClick={() => action.mutate({ path: `/tables/${c.tableId}/calls/${c.kind}/ack` })}
            >
              <Trans>On my way</Trans>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Every table with a tab: what it ordered and owes, taking payment at the table, and closing it. */
export function TableTabs({ tables, timeZone }: { tables: readonly StaffTable[]; timeZone: string }) {
  const withTabs = tables.filter((x) => x.tab.orders.length > 0);
  if (!withTabs.length) return null;
  return (
    <section className="staff-tables" aria-labelledby="col-tables">
      <h2 id="col-tables">
        <Trans>Tables</Trans> <span className="staff-count">{withTabs.length}</span>
      </h2>
      <div className="staff-tables__cards">
        {withTabs.map((x) => (
          <TableCard key={x.id} table={x} timeZone={timeZone} />
        ))}
      </div>
    </section>
  );
}

function TableCard({ table, timeZone }: { table: StaffTable; timeZone: string }) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const action = useTableAction();
  const [asking, setAsking] = useState<'settle' | 'close' | null>(null);
  const { tab } = table;
  const owed = toCents(tab.open) + toCents(tab.pending);
  const time = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
  const run = (path: string, body?: unknown) => action.mutate({ path: `/tables/${table.id}/${path}`, body }, { onSuccess: () => setAsking(null) });
  const paidShares = tab.split?.shares.filter((s) => s.state === 'paid').length ?? 0;
  return (
    <article className={`staff-card staff-table${owed > 0 ? '' : ' staff-table--paid'}`} aria-labelledby={`table-${table.id}`} data-testid="staff-table">
      <header className="staff-table__head">
        <h3 id={`table-${table.id}`}>{tab.table.name}</h3>
        {table.since ? <span className="staff-muted">{t`since ${time(table.since)}`}</span> : null}
      </header>
      <dl className="staff-table__sums">
        <SumRow label={t`Total`} amount={tab.total} />
        <SumRow label={t`Paid`} amount={tab.paid} />
        <SumRow label={t`Still to pay`} amount={tab.open} className="staff-table__open" testId="staff-table-open" />
      </dl>
      {tab.pending > 0 ? <p className="staff-table__note">{t`Being paid by card: ${money(toCents(tab.pending))}`}</p> : null}
      {tab.split ? <p className="staff-table__note">{t`Split into ${tab.split.parts}: ${paidShares} paid`}</p> : null}
      <details className="staff-table__lines">
        <summary>{t`${tab.orders.length} orders`}</summary>
        <ul>
          {tab.orders.flatMap((o) =>
            o.lines.map((l) => (
              <li key={l.id} className={`staff-table__line staff-table__line--${l.state}`}>
                <span>
                  {l.qty} × {l.name} <small className="staff-muted">{o.name}</small>
                </span>
                <span>
                  {money(toCents(l.due))} {l.state === 'paid' ? '✓' : ''}
                </span>
              </li>
            )),
          )}
        </ul>
      </details>
      {action.error ? (
        <p role="alert" className="staff-error">
          {action.error instanceof ApiError ? action.error.message : t`That did not work. Try again.`}
        </p>
      ) : null}
      <div className="staff-table__actions">
        {toCents(tab.open) > 0 ? (
          <button type="button" className="staff-button staff-button--accept" onClick={() => setAsking('settle')}>
            {t`Paid at the table (${money(toCents(tab.open))})`}
          </button>
        ) : null}
        <button type="button" className="staff-button staff-button--done" onClick={() => (owed > 0 ? setAsking('close') : run('close', { force: false }))}>
          <Trans>Close table</Trans>
        </button>
      </div>
      {asking === 'settle' ? (
        <ConfirmDialog
          title={t`${tab.table.name}: paid at the table?`}
          confirmLabel={t`Yes, ${money(toCents(tab.open))} taken`}
          busy={action.isPending}
          onConfirm={() => run('settle')}
          onCancel={() => setAsking(null)}
        >
          <p>
            <Trans>Everything still open is marked paid: cash or your card terminal.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
      {asking === 'close' ? (
        <ConfirmDialog
          title={t`Close ${tab.table.name}?`}
          confirmLabel={t`Close anyway`}
          danger
          busy={action.isPending}
          onConfirm={() => run('close', { force: true })}
          onCancel={() => setAsking(null)}
        >
          <p>{t`${money(owed)} is not paid yet. Closing ends the tab and every phone's session at this table.`}</p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
