/**
 * The loyalty balance and its history. Every change is one conditional UPDATE plus one ledger
 * row in the caller's transaction; the ledger's unique (order, kind) makes earning and refunding
 * happen at most once per order, whatever retries or races do.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/contract/checkout';
import type { Pagination, Transaction } from '../../shared/contract/account';
import { TRANSACTIONS_PER_PAGE } from '../../shared/contract/account';
import { isOn, loyaltyEarnPercent } from '../../shared/contract/settings';
import { earnedPoints, fromCents } from '../../shared/pricing';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { loadSettings } from '../settings';

/** Orders that end without being delivered give back the points they used. */
const REFUNDING: ReadonlySet<OrderStatus> = new Set(['rejected', 'cancelled', 'payment_failed']);

type Kind = (typeof t.loyaltyTransactions.$inferInsert)['kind'];

/**
 * Spends `amount` only if the balance is still exactly what the order was priced with: two
 * checkouts spending the same points cannot both pass, and the balance never goes below zero.
 */
export async function spendPoints(tx: Db, userId: number, balanceSeen: number, amount: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .update(t.users)
    .set({ profitCents: sql`${t.users.profitCents} - ${amount}` })
    .where(and(eq(t.users.id, userId), eq(t.users.profitCents, balanceSeen), sql`${t.users.profitCents} >= ${amount}`))
    .returning({ profitCents: t.users.profitCents });
  if (!row) return false;
  await tx.insert(t.loyaltyTransactions).values({
    userId,
    orderId,
    kind: 'spent',
    oldCents: row.profitCents + amount,
    amountCents: -amount,
    newCents: row.profitCents,
  });
  return true;
}

/** Adds `amount` once per (order, kind): the ledger row is claimed first, the balance follows. */
async function credit(tx: Db, userId: number, orderId: number, kind: Kind, amount: number): Promise<void> {
  if (amount <= 0) return;
  const [claimed] = await tx
    .insert(t.loyaltyTransactions)
    .values({ userId, orderId, kind, oldCents: 0, amountCents: amount, newCents: 0 })
    .onConflictDoNothing()
    .returning({ id: t.loyaltyTransactions.id });
  if (!claimed) return;
  const [row] = await tx
    .update(t.users)
    .set({ profitCents: sql`${t.users.profitCents} + ${amount}` })
    .where(eq(t.users.id, userId))
    .returning({ profitCents: t.users.profitCents });
  if (!row) return;
  await tx
    .update(t.loyaltyTransactions)
    .set({ oldCents: row.profitCents - amount, newCents: row.profitCents })
    .where(eq(t.loyaltyTransactions.id, claimed.id));
}

/** Called inside the transaction that moved the order: completion earns, a failed order refunds. */
export async function settleLoyalty(tx: Db, orderId: number, to: OrderStatus): Promise<void> {
  if (to !== 'completed' && !REFUNDING.has(to)) return;
  const [order] = await tx
    .select({ userId: t.orders.userId, subtotal: t.orders.subtotalCents, discount: t.orders.discountCents })
    .from(t.orders)
    .where(eq(t.orders.id, orderId));
  if (!order?.userId) return;
  if (to === 'completed') {
    const settings = await loadSettings(tx);
    if (!isOn(settings, 'LOYALTY_SYSTEM')) return;
    await credit(tx, order.userId, orderId, 'earned', earnedPoints(order.subtotal, order.discount, loyaltyEarnPercent(settings)));
    return;
  }
  const [spent] = await tx
    .select({ amount: t.loyaltyTransactions.amountCents })
    .from(t.loyaltyTransactions)
    .where(and(eq(t.loyaltyTransactions.orderId, orderId), eq(t.loyaltyTransactions.kind, 'spent')));
  if (spent) await credit(tx, order.userId, orderId, 'refunded', -spent.amount);
}

const DESCRIPTION: Record<Kind, Parameters<typeof say>[1]> = {
  spent: 'loyalty.spent',
  earned: 'loyalty.earned',
  refunded: 'loyalty.refunded',
};

export async function transactionsPage(db: Db, userId: number, page: number, lang: string): Promise<{ data: Transaction[]; meta: { pagination: Pagination } }> {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(t.loyaltyTransactions).where(eq(t.loyaltyTransactions.userId, userId)),
    db
      .select({ tx: t.loyaltyTransactions, code: t.orders.code })
      .from(t.loyaltyTransactions)
      .leftJoin(t.orders, eq(t.orders.id, t.loyaltyTransactions.orderId))
      .where(eq(t.loyaltyTransactions.userId, userId))
      .orderBy(desc(t.loyaltyTransactions.createdAt), desc(t.loyaltyTransactions.id))
      .limit(TRANSACTIONS_PER_PAGE)
      .offset((page - 1) * TRANSACTIONS_PER_PAGE),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(({ tx, code }) => ({
      id: tx.id,
      description: say(lang, DESCRIPTION[tx.kind], { code: code ?? '' }),
      oldProfit: fromCents(tx.oldCents),
      amount: fromCents(tx.amountCents),
      newProfit: fromCents(tx.newCents),
      date: tx.createdAt.toISOString(),
    })),
    meta: {
      pagination: { total: n, current_page: page, per_page: TRANSACTIONS_PER_PAGE, total_pages: Math.max(1, Math.ceil(n / TRANSACTIONS_PER_PAGE)) },
    },
  };
}
