import { queryOptions } from '@tanstack/react-query';
import type { TabPayInput, TabPaymentCheck, TabPaymentStarted, TableCallKind, TableTab } from '../../../../shared/contract/table-tab';
import { ApiError, del, get, post } from '../../../lib/api';
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

export const callStaff = (session: StoredTableSession, kind: TableCallKind) => post<TableTab>(`${base(session)}/calls`, { kind }, auth(session));
export const payTab = (session: StoredTableSession, body: TabPayInput) => post<TabPaymentStarted>(`${base(session)}/tab/payments`, body, auth(session));
export const splitTab = (session: StoredTableSession, parts: number) => post<TableTab>(`${base(session)}/tab/split`, { parts }, auth(session));
export const cancelSplit = (session: StoredTableSession) => del<TableTab>(`${base(session)}/tab/split`, auth(session));
export const checkTabPayment = (session: StoredTableSession, payment: string, sess: string) =>
  get<TabPaymentCheck>(`${base(session)}/tab/payments/check`, { payment, sess }, undefined, auth(session));
