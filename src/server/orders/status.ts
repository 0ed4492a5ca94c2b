import { and, eq, lt } from 'drizzle-orm';
import type { OrderStatus, PaymentState, PaymentCheck } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say, statusText } from '../i18n/messages';
import { settleLoyalty } from '../loyalty/ledger';
import type { Payments } from '../payments';
import { HttpError } from '../plugins/errors';
import { endTableSession } from '../tables/sessions';
import { publish } from '../events/bus';
import { dropConfirmation } from './confirmation';
import { releaseHeldMail } from './mail-outbox';

/**
 * What the restaurant may do next (staff on the board, or the operator key); payment outcomes
 * move orders out of awaiting_payment, never the restaurant. An accepted order may skip "ready"
 * (a table order served straight from the pass).
 */
export const OPERATOR_TRANSITIONS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  pending_approval: ['approved', 'rejected'],
  approved: ['ready', 'completed', 'rejected'],
  ready: ['completed', 'rejected'],
};

/** Columns a status change may set with it (the promised time when accepting, the reason when rejecting). */
export type TransitionSet = Partial<Pick<typeof t.orders.$inferInsert, 'promisedAt' | 'prepMinutes' | 'rejectReason' | 'rejectNote' | 'acknowledgedAt'>>;

const AFTER_PAYMENT: Partial<Record<PaymentState, OrderStatus>> = {
  paid: 'pending_approval',
  failed: 'payment_failed',
  cancelled: 'cancelled',
};

/**
 * Moves an order from one status to the next exactly once: the UPDATE only matches while the
 * order is still in `from`, so a replay or a race finds nothing to change and records nothing.
 */
export async function transition(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  source: string,
  set: TransitionSet = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(t.orders)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(t.orders.id, orderId), eq(t.orders.status, from)))
      .returning({ id: t.orders.id, code: t.orders.code, tableId: t.orders.tableId });
    const order = changed[0];
    if (!order) return false;
    await tx.insert(t.orderEvents).values({ orderId, fromStatus: from, toStatus: to, source });
    // Boards, the diner's order page and the table's tab hear of it once this commits.
    await publish(tx, { type: 'order', code: order.code, status: to, ...(order.tableId ? { table: order.tableId } : {}) });
    // Points move with the status, in the same transaction: a completed order earns once, a failed one refunds once.
    await settleLoyalty(tx, orderId, to);
    return true;
  });
}

/** Told after the transaction that confirmed an order's payment (the confirmation mail); must not throw. */
export type OnPaid = (orderId: number) => void;

type PaymentRow = typeof t.payments.$inferSelect;

/**
 * Records what the provider says became of a payment. Only a pending payment changes, and only
 * once: a replayed webhook or a second check finds nothing to do, and `onPaid` runs only for the
 * call that made the change.
 */
async function settlePayment(db: Db, payment: PaymentRow, real: PaymentState, onPaid: OnPaid): Promise<void> {
  const next = AFTER_PAYMENT[real];
  if (!next) return;
  const placed = await db.transaction(async (tx) => {
    const settled = await tx
      .update(t.payments)
      .set({ state: real, updatedAt: new Date() })
      .where(and(eq(t.payments.id, payment.id), eq(t.payments.state, 'pending')))
      .returning({ id: t.payments.id });
    if (!settled.length) return false;
    const moved = await transition(tx, payment.orderId, 'awaiting_payment', next, `payment:${payment.provider}`);
    if (real !== 'paid') {
      await dropConfirmation(tx, payment.orderId);
      return false;
    }
    // The order is placed now: its confirmation mail is queued with the payment, or not at all.
    await releaseHeldMail(tx, payment.orderId);
    const [order] = await tx.select({ sessionId: t.orders.tableSessionId }).from(t.orders).where(eq(t.orders.id, payment.orderId));
    // Paid online at the table: the meal's bill is settled, the session ends.
    if (order?.sessionId) await endTableSession(tx, order.sessionId);
    return moved;
  });
  if (placed) onPaid(payment.orderId);
}

async function paymentRow(db: Db, providerId: string, session: string): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(t.payments)
    .where(and(eq(t.payments.session, session), eq(t.payments.provider, providerId)));
  return payment;
}

/**
 * A provider told us on its own (a signed webhook) what became of a payment. Returns false for a
 * session that is not ours (one provider account may serve other shops too).
 */
export async function paymentNotified(db: Db, providerId: string, session: string, real: PaymentState, onPaid: OnPaid): Promise<boolean> {
  const payment = await paymentRow(db, providerId, session);
  if (!payment) return false;
  if (payment.state === 'pending') await settlePayment(db, payment, real, onPaid);
  return true;
}

/**
 * `GET /checkout/check`: the return URL proves nothing, so the provider is asked for the
 * payment's real state. Safe to call any number of times: one payment, one state change, and
 * `onPaid` only from the call that made it.
 */
export async function checkPayment(db: Db, payments: Payments, providerId: string, session: string, lang: string, onPaid: OnPaid): Promise<PaymentCheck> {
  const provider = payments.byId(providerId);
  const payment = provider ? await paymentRow(db, provider.id, session) : undefined;
  if (!provider || !payment) throw new HttpError(404, say(lang, 'payment.unknown'));

  if (payment.state === 'pending') await settlePayment(db, payment, await provider.status(db, session), onPaid);

  const [after] = await db
    .select({ state: t.payments.state, code: t.orders.code, status: t.orders.status })
    .from(t.payments)
    .innerJoin(t.orders, eq(t.orders.id, t.payments.orderId))
    .where(eq(t.payments.id, payment.id));
  if (!after) throw new HttpError(404, say(lang, 'payment.unknown'));
  const status = after.status as OrderStatus;
  return { state: after.state as PaymentState, order: { code: after.code, status, statusText: statusText(status, lang) } };
}

/**
 * Payments nobody came back for: after the provider's session timeout, ask the provider once
 * more, so an abandoned card payment ends as cancelled instead of waiting forever.
 */
export async function settleStalePayments(db: Db, payments: Payments, olderThanMinutes: number, onPaid: OnPaid, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  const stale = await db
    .select({ provider: t.payments.provider, session: t.payments.session })
    .from(t.payments)
    .where(and(eq(t.payments.state, 'pending'), lt(t.payments.createdAt, cutoff)));
  // A provider switched off since (the sandbox in production) cannot be asked: those stay pending.
  const askable = stale.filter((p) => payments.byId(p.provider));
  // One provider out of reach must not keep the others' payments waiting: go on, then report it.
  let failure: unknown;
  for (const p of askable) {
    await checkPayment(db, payments, p.provider, p.session, 'de', onPaid).catch((err: unknown) => {
      failure ??= err;
    });
  }
  if (failure) throw failure;
  return askable.length;
}
