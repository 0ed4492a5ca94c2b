/**
 * Staff refuse an order after diners at its table paid its lines by card in the tab (decision 055):
 * the order leaves the tab, and what its lines owed goes back to each card that paid them, in the
 * refusing transaction, as a whole order's card payment does. A payment of several orders gives
 * back only the refused order's part.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { lineDues } from '../../shared/pricing';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import type { Payments } from '../payments';
import { HttpError } from '../plugins/errors';
import { lockTable } from './tab';

/**
 * Gives back the refused order's lines paid by card in its table's tab; returns the cents given
 * back. A card payment of its lines still under way refuses the refusal (409): its outcome is not
 * known yet, and a payment that went through afterwards would keep the money.
 */
export async function refundTabLines(tx: Db, payments: Payments, orderId: number, lang: string): Promise<number> {
  const [order] = await tx.select({ tableId: t.orders.tableId, totalCents: t.orders.totalCents }).from(t.orders).where(eq(t.orders.id, orderId));
  if (order?.tableId == null) return 0;
  // As every payment of the tab does: a diner's payment of these lines waits, or is seen whole.
  await lockTable(tx, order.tableId);
  const lines = await tx
    .select({ id: t.orderLines.id, priceCents: t.orderLines.priceCents })
    .from(t.orderLines)
    .where(eq(t.orderLines.orderId, orderId))
    .orderBy(asc(t.orderLines.position));
  const claims = lines.length
    ? await tx
        .select({ lineId: t.tabClaims.orderLineId, paymentId: t.tabPayments.id, method: t.tabPayments.method, provider: t.tabPayments.provider, session: t.tabPayments.session, state: t.tabPayments.state })
        .from(t.tabClaims)
        .innerJoin(t.tabPayments, eq(t.tabPayments.id, t.tabClaims.paymentId))
        .where(and(inArray(t.tabClaims.orderLineId, lines.map((l) => l.id)), isNotNull(t.tabClaims.paymentId)))
    : [];
  if (claims.some((c) => c.state === 'pending')) throw new HttpError(409, say(lang, 'tab.payingOrder'));
  const dues = new Map(lineDues(order.totalCents, lines.map((l) => l.priceCents)).map((due, i) => [lines[i]?.id, due]));
  // Paid at the table (cash, a terminal) goes back by hand, as the staff took it.
  const byPayment = new Map<number, { cents: number; provider: string; session: string }>();
  for (const c of claims) {
    if (c.state !== 'paid' || c.method !== 'card' || !c.provider || !c.session) continue;
    const part = byPayment.get(c.paymentId) ?? { cents: 0, provider: c.provider, session: c.session };
    part.cents += dues.get(c.lineId) ?? 0;
    byPayment.set(c.paymentId, part);
  }
  let refunded = 0;
  for (const [paymentId, part] of byPayment) {
    if (part.cents <= 0) continue;
    const provider = payments.byId(part.provider);
    if (!provider?.refund) continue;
    await tx
      .update(t.tabPayments)
      .set({ refundedCents: sql`${t.tabPayments.refundedCents} + ${part.cents}`, updatedAt: new Date() })
      .where(eq(t.tabPayments.id, paymentId));
    try {
      await provider.refund(tx, part.session, { cents: part.cents, key: `order-${orderId}` });
    } catch (err) {
      // The refusal rolls back with it: nobody is told "given back" while the money stays.
      throw new HttpError(503, say(lang, 'staff.refundFailed'), { cause: err });
    }
    refunded += part.cents;
  }
  return refunded;
}
