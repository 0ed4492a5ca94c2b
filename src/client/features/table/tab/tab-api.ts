import { queryOptions } from '@tanstack/react-query';
import type { TabPayInput, TabPaymentCheck, TabPaymentStarted, TableCallKind, TableTab } from '../../../../shared/contract/table-tab';
import { ApiError, apiErrorOf, get, send } from '../../../lib/api';
import type { StoredTableSession } from '../../../lib/db';

/** The table session's token is the phone's credential for its table's tab. */
const auth = (session: StoredTableSession) => ({ Authorization: `Bearer ${session.token}` });
const base = (session: StoredTableSession) => `/tables/${encodeURIComponent(session.code)}`;

export const tabKey = (code: string) => ['table-tab', code] as const;

/** The tab, kept with the other queries: a phone that goes offline still shows what the table had ordered. */
export const tabQuery = (session: StoredTableSession) =>
  queryOptions({
    queryKey: tabKey(session.code),
    queryFn: ({ signal }) => get<TableTab>(`${base(session)}/tab`, undefined, signal, auth(session)),
    staleTime: 0,
    refetchOnWindowFocus: true,
    // An ended session (the table was closed) is an answer, not a hiccup.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

export const tabLivePath = (session: StoredTableSession) => `${base(session)}/tab/live`;
export const tabLiveHeaders = auth;

async function call<T>(session: StoredTableSession, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
  const answer = await send(method, `${base(session)}${path}`, { body, query, headers: auth(session) });
  if (answer.status < 200 || answer.status >= 300) throw apiErrorOf(answer.status, answer.body);
  return (answer.body as { data: T }).data;
}

export const callStaff = (session: StoredTableSession, kind: TableCallKind) => call<TableTab>(session, 'POST', '/calls', { kind });
export const payTab = (session: StoredTableSession, body: TabPayInput) => call<TabPaymentStarted>(session, 'POST', '/tab/payments', body);
export const splitTab = (session: StoredTableSession, parts: number) => call<TableTab>(session, 'POST', '/tab/split', { parts });
export const cancelSplit = (session: StoredTableSession) => call<TableTab>(session, 'DELETE', '/tab/split');
export const checkTabPayment = (session: StoredTableSession, payment: string, sess: string) =>
  call<TabPaymentCheck>(session, 'GET', '/tab/payments/check', undefined, { payment, sess });
