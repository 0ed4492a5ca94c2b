/**
 * The table's tab (decision 055): every order placed at the table since staff last closed it,
 * with who ordered, what each line owes and whether it is paid. Read by every phone at the table
 * and by the staff's table view; the same reading decides what a payment may take.
 */
import { and, asc, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/contract/order';
import type { StaffTable, TabLine, TabLineState, TabOrder, TabSplit, TableCall, TableCallKind, TableTab } from '../../shared/contract/table-tab';
import { evenShares, fromCents, lineDues } from '../../shared/pricing';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { statusText } from '../i18n/messages';
import type { PaymentProvider, Payments } from '../payments';

/** A tab nobody closed does not run into the next day: after this, older orders leave it. */
export const TAB_MAX_HOURS = 12;

/** Orders that were placed and stand: not waiting for their checkout payment, not refused or cancelled. */
export const TAB_STATUSES: OrderStatus[] = ['pending_approval', 'approved', 'ready', 'completed'];

export interface TabTable {
  id: number;
  code: string;
  name: string;
  seats: number;
}

/** What the tab knows per line, with the ids a payment needs. */
export interface TabLineFact extends TabLine {
  orderId: number;
  dueCents: number;
}

export interface TabShareFact {
  part: number;
  cents: number;
  state: 'open' | 'pending' | 'paid';
}

export interface TabFacts {
  start: Date;
  orders: (Omit<TabOrder, 'lines'> & { id: number; lines: TabLineFact[] })[];
  split: { id: number; parts: number; totalCents: number; shares: TabShareFact[] } | null;
  calls: TableCall[];
  totals: { total: number; paid: number; pending: number; open: number };
}

/** When the table's current tab began: its last closing, or TAB_MAX_HOURS ago, whichever is later. */
export async function tabStart(db: Db, tableId: number, now: Date): Promise<Date> {
  const [row] = await db.select({ at: max(t.tableClosings.closedAt) }).from(t.tableClosings).where(eq(t.tableClosings.tableId, tableId));
  const floor = new Date(now.getTime() - TAB_MAX_HOURS * 3_600_000);
  return row?.at && row.at > floor ? row.at : floor;
}

function lineState(paidOnline: boolean, claim: { paymentState: string | null; splitId: number | null } | undefined, finishedSplits: ReadonlySet<number>): TabLineState {
  if (paidOnline) return 'paid';
  if (!claim) return 'open';
  if (claim.splitId !== null) return finishedSplits.has(claim.splitId) ? 'paid' : 'split';
  return claim.paymentState === 'paid' ? 'paid' : 'pending';
}

/** Everything the tab is made of, in cents; `db` may be a transaction that holds the table's lock. */
export async function tabFacts(db: Db, tableId: number, lang: string, now = new Date()): Promise<TabFacts> {
  const start = await tabStart(db, tableId, now);
  const o = t.orders;
  const orders = await db
    .select({ id: o.id, code: o.code, name: o.name, status: o.status, createdAt: o.createdAt, totalCents: o.totalCents })
    .from(o)
    .where(and(eq(o.tableId, tableId), gt(o.createdAt, start), inArray(o.status, TAB_STATUSES)))
    .orderBy(asc(o.createdAt), asc(o.id));
  const orderIds = orders.map((x) => x.id);
  const [lines, paidOnline, claims, splits, calls] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: t.orderLines.id, orderId: t.orderLines.orderId, name: t.orderLines.name, qty: t.orderLines.qty, priceCents: t.orderLines.priceCents })
          .from(t.orderLines)
          .where(inArray(t.orderLines.orderId, orderIds))
          .orderBy(asc(t.orderLines.orderId), asc(t.orderLines.position))
      : [],
    orderIds.length
      ? db
          .select({ orderId: t.payments.orderId })
          .from(t.payments)
          .where(and(inArray(t.payments.orderId, orderIds), eq(t.payments.state, 'paid')))
      : [],
    // The claims of this tab's lines only: a table's claims of every evening before stay unread.
    orderIds.length
      ? db
          .select({ lineId: t.tabClaims.orderLineId, splitId: t.tabClaims.splitId, paymentState: t.tabPayments.state })
          .from(t.tabClaims)
          .innerJoin(t.orderLines, eq(t.orderLines.id, t.tabClaims.orderLineId))
          .leftJoin(t.tabPayments, eq(t.tabPayments.id, t.tabClaims.paymentId))
          .where(inArray(t.orderLines.orderId, orderIds))
      : [],
    db
      .select()
      .from(t.tabSplits)
      .where(and(eq(t.tabSplits.tableId, tableId), isNull(t.tabSplits.cancelledAt), gt(t.tabSplits.createdAt, start)))
      .orderBy(desc(t.tabSplits.id)),
    db
      .select({ kind: t.tableCalls.kind, createdAt: t.tableCalls.createdAt, seenAt: t.tableCalls.seenAt })
      .from(t.tableCalls)
      .where(and(eq(t.tableCalls.tableId, tableId), gt(t.tableCalls.createdAt, start)))
      .orderBy(desc(t.tableCalls.createdAt), desc(t.tableCalls.id)),
  ]);

  const splitIds = splits.map((s) => s.id);
  const sharePayments = splitIds.length
    ? await db
        .select({ splitId: t.tabPayments.splitId, part: t.tabPayments.part, state: t.tabPayments.state })
        .from(t.tabPayments)
        .where(and(inArray(t.tabPayments.splitId, splitIds), inArray(t.tabPayments.state, ['pending', 'paid'])))
    : [];
  const sharesOf = (split: (typeof splits)[number]): TabShareFact[] =>
    evenShares(split.totalCents, split.parts).map((cents, part) => {
      const payment = sharePayments.find((p) => p.splitId === split.id && p.part === part);
      return { part, cents, state: payment ? (payment.state === 'paid' ? 'paid' : 'pending') : 'open' };
    });
  const finished = new Set(splits.filter((s) => sharesOf(s).every((x) => x.state === 'paid')).map((s) => s.id));
  const live = splits.find((s) => !finished.has(s.id));

  const paidOrders = new Set(paidOnline.map((p) => p.orderId));
  const claimOf = new Map(claims.map((c) => [c.lineId, c]));
  const totals = { total: 0, paid: 0, pending: 0, open: 0 };
  const outOrders = orders.map((order) => {
    const own = lines.filter((l) => l.orderId === order.id);
    const dues = lineDues(order.totalCents, own.map((l) => l.priceCents));
    const factLines = own.map((l, i): TabLineFact => {
      const dueCents = dues[i] ?? 0;
      const state = lineState(paidOrders.has(order.id), claimOf.get(l.id), finished);
      totals.total += dueCents;
      if (state === 'paid') totals.paid += dueCents;
      if (state === 'pending') totals.pending += dueCents;
      if (state === 'open') totals.open += dueCents;
      return { id: l.id, orderId: order.id, name: l.name, qty: l.qty, due: fromCents(dueCents), dueCents, state };
    });
    const status = order.status as OrderStatus;
    return {
      id: order.id,
      code: order.code,
      name: order.name,
      status,
      statusText: statusText(status, lang),
      createdAt: order.createdAt.toISOString(),
      total: fromCents(order.totalCents),
      lines: factLines,
    };
  });
  const split = live ? { id: live.id, parts: live.parts, totalCents: live.totalCents, shares: sharesOf(live) } : null;
  // The split's lines are counted through its shares: paid, under way or open, share by share.
  for (const share of split?.shares ?? []) {
    if (share.state === 'paid') totals.paid += share.cents;
    if (share.state === 'pending') totals.pending += share.cents;
    if (share.state === 'open') totals.open += share.cents;
  }
  const callKinds = new Map<TableCallKind, TableCall>();
  for (const c of calls) if (!callKinds.has(c.kind)) callKinds.set(c.kind, { kind: c.kind, createdAt: c.createdAt.toISOString(), seenAt: c.seenAt?.toISOString() ?? null });
  return { start, orders: outOrders, split, calls: [...callKinds.values()], totals };
}

/** Whether a diner can pay a tab with it on the phone: it takes money online (not "pay at the table"). */
export const paysOnline = (provider: PaymentProvider | undefined): provider is PaymentProvider => provider?.displayOption === 'redirect';

export function tabProviders(payments: Payments, lang: string): { id: string; name: string }[] {
  return payments.list.filter(paysOnline).map((p) => ({ id: p.id, name: p.name(lang) }));
}

export function tabOut(table: TabTable, facts: TabFacts, payWith: TableTab['payWith']): TableTab {
  const split: TabSplit | null = facts.split
    ? {
        id: facts.split.id,
        parts: facts.split.parts,
        total: fromCents(facts.split.totalCents),
        shares: facts.split.shares.map((s) => ({ part: s.part, amount: fromCents(s.cents), state: s.state })),
      }
    : null;
  return {
    table: { code: table.code, name: table.name, seats: table.seats },
    orders: facts.orders.map(({ id: _id, lines, ...order }) => ({
      ...order,
      lines: lines.map(({ orderId: _o, dueCents: _d, ...line }) => line),
    })),
    total: fromCents(facts.totals.total),
    paid: fromCents(facts.totals.paid),
    pending: fromCents(facts.totals.pending),
    open: fromCents(facts.totals.open),
    split,
    calls: facts.calls,
    payWith,
  };
}

export async function readTab(db: Db, table: TabTable, payments: Payments, lang: string, now = new Date()): Promise<TableTab> {
  return tabOut(table, await tabFacts(db, table.id, lang, now), tabProviders(payments, lang));
}

/** Every payment, split and closing of one table waits for the one before it: this is how a line is never paid twice. */
export async function lockTable(tx: Db, tableId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${t.diningTables} where ${t.diningTables.id} = ${tableId} for update`);
}

export async function tableById(db: Db, id: number): Promise<TabTable | undefined> {
  const [row] = await db
    .select({ id: t.diningTables.id, code: t.diningTables.code, name: t.diningTables.name, seats: t.diningTables.seats })
    .from(t.diningTables)
    .where(eq(t.diningTables.id, id));
  return row;
}

/**
 * The staff's tables: every table with a tab running or a call waiting, calls first, then the
 * oldest tab. A table whose tab is empty and quiet is not shown.
 */
export async function staffTables(db: Db, payments: Payments, lang: string, now = new Date()): Promise<StaffTable[]> {
  const floor = new Date(now.getTime() - TAB_MAX_HOURS * 3_600_000);
  const busy = await db
    .selectDistinct({ id: t.diningTables.id, code: t.diningTables.code, name: t.diningTables.name, seats: t.diningTables.seats })
    .from(t.diningTables)
    .where(
      sql`${t.diningTables.id} in (
        select ${t.orders.tableId} from ${t.orders} where ${t.orders.tableId} is not null and ${t.orders.createdAt} > ${floor}
        union select ${t.tableCalls.tableId} from ${t.tableCalls} where ${t.tableCalls.seenAt} is null)`,
    );
  const payWith = tabProviders(payments, lang);
  const tables = await Promise.all(
    busy.map(async (table) => {
      const facts = await tabFacts(db, table.id, lang, now);
      return { id: table.id, tab: tabOut(table, facts, payWith), since: facts.orders[0]?.createdAt ?? null };
    }),
  );
  const waiting = (x: StaffTable) => x.tab.calls.some((c) => !c.seenAt);
  return tables
    .filter((x) => x.tab.orders.length > 0 || waiting(x))
    .sort((a, b) => Number(waiting(b)) - Number(waiting(a)) || (a.since ?? '').localeCompare(b.since ?? '') || a.tab.table.name.localeCompare(b.tab.table.name));
}
