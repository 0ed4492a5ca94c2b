/**
 * The order board's actions: accept with a preparation time, reject with a reason (a paid card
 * payment goes back through its provider), ready, complete, and "seen". Each is one conditional
 * status change plus its log line and live event, in one transaction.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { OrderStatus, PaymentState } from '../../shared/contract/checkout';
import type { BoardOrder, RejectReason } from '../../shared/contract/staff';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { say, statusText } from '../i18n/messages';
import { boardOrdersOut, orderByCode } from '../orders/order-out';
import { OPERATOR_TRANSITIONS, transition, type TransitionSet } from '../orders/status';
import type { Payments } from '../payments';
import { FieldErrors, HttpError } from '../plugins/errors';
import { queueNewLines } from '../printing/ticket-lines';
import { refundTabLines } from '../tables/tab-refunds';
import { record, type Actor } from './audit';
import { currentAvailability } from './availability';

/** Orders the kitchen works on; finished ones stay on the board this long, for "where is my order?" questions. */
export const BOARD_OPEN_STATUSES: OrderStatus[] = ['pending_approval', 'approved', 'ready'];
const DONE_STATUSES: OrderStatus[] = ['completed', 'rejected', 'cancelled'];
export const BOARD_DONE_HOURS = 12;

export async function boardOrders(db: Db, lang: string, now = new Date()): Promise<BoardOrder[]> {
  const [open, done] = await Promise.all([
    db.select().from(t.orders).where(inArray(t.orders.status, BOARD_OPEN_STATUSES)).orderBy(desc(t.orders.createdAt)).limit(300),
    db
      .select()
      .from(t.orders)
      .where(and(inArray(t.orders.status, DONE_STATUSES), gt(t.orders.updatedAt, new Date(now.getTime() - BOARD_DONE_HOURS * 3_600_000))))
      .orderBy(desc(t.orders.updatedAt))
      .limit(60),
  ]);
  return boardOrdersOut(db, [...open, ...done], lang);
}

export async function boardOrder(db: Db, code: string, lang: string): Promise<BoardOrder> {
  const row = await orderByCode(db, code);
  if (!row || row.status === 'awaiting_payment') throw new HttpError(404, say(lang, 'order.notFound'));
  const [order] = await boardOrdersOut(db, [row], lang);
  if (!order) throw new HttpError(404, say(lang, 'order.notFound'));
  return order;
}

export type BoardAction =
  | { to: 'approved'; minutes: number }
  | { to: 'rejected'; reason: RejectReason; note: string }
  | { to: 'ready' }
  | { to: 'completed' };

/** Gives a paid payment back through its provider, in the rejecting transaction. */
async function refundIfPaid(tx: Db, payments: Payments, orderId: number, lang: string): Promise<boolean> {
  const [payment] = await tx.select().from(t.payments).where(eq(t.payments.orderId, orderId)).orderBy(desc(t.payments.id)).limit(1);
  if (!payment || (payment.state as PaymentState) !== 'paid') return false;
  const provider = payments.byId(payment.provider);
  if (!provider?.refund) return false;
  const marked = await tx
    .update(t.payments)
    .set({ state: 'refunded', updatedAt: new Date() })
    .where(and(eq(t.payments.id, payment.id), eq(t.payments.state, 'paid')))
    .returning({ id: t.payments.id });
  if (!marked.length) return false;
  try {
    await provider.refund(tx, payment.session);
  } catch (err) {
    // The reject rolls back with it: the guest is never told "refunded" while the money stays.
    throw new HttpError(503, say(lang, 'staff.refundFailed'), { cause: err });
  }
  return true;
}

export async function moveOrder(db: Db, payments: Payments, actor: Actor, code: string, action: BoardAction, lang: string, now = new Date()): Promise<void> {
  const row = await orderByCode(db, code);
  if (!row) throw new HttpError(404, say(lang, 'order.notFound'));
  const from = row.status as OrderStatus;
  // Someone else made this very move a moment ago (two tablets, or the caller read the order before them).
  if (from === action.to) throw new HttpError(409, say(lang, 'staff.orderChanged'));
  if (!OPERATOR_TRANSITIONS[from]?.includes(action.to)) {
    throw new FieldErrors({ status: [say(lang, 'staff.transition', { from: statusText(from, lang), to: statusText(action.to, lang) })] });
  }
  const set: TransitionSet = { acknowledgedAt: row.acknowledgedAt ?? now };
  const details: Record<string, unknown> = {};
  if (action.to === 'approved') {
    const busy = (await currentAvailability(db, now)).busy?.minutes ?? 0;
    const ready = new Date(now.getTime() + (action.minutes + busy) * 60_000);
    // A scheduled order is promised for its time; accepting it early does not make it early.
    set.promisedAt = row.deliverAt && row.deliverAt > ready ? row.deliverAt : ready;
    set.prepMinutes = action.minutes;
    Object.assign(details, { minutes: action.minutes, busyMinutes: busy, promisedAt: set.promisedAt.toISOString() });
  }
  if (action.to === 'rejected') {
    set.rejectReason = action.reason;
    set.rejectNote = action.note || null;
    Object.assign(details, { reason: action.reason, note: action.note });
  }
  const moved = await db.transaction(async (tx) => {
    if (!(await transition(tx, row.id, from, action.to, actor.id === null ? 'operator' : `staff:${actor.id}`, set))) return false;
    if (action.to === 'rejected') {
      details.refunded = await refundIfPaid(tx, payments, row.id, lang);
      // Lines of a table's order paid by card in the tab: their part of each payment goes back.
      const tabRefunded = await refundTabLines(tx, payments, row.id, lang);
      if (tabRefunded > 0) details.tabRefundedCents = tabRefunded;
    }
    // Queued with the acceptance, printed whenever the printer polls: a dead printer never holds an order up.
    if (action.to === 'approved') await queueNewLines(tx, row.id);
    await record(tx, actor, `order.${action.to}`, code, details);
    return true;
  });
  if (!moved) throw new HttpError(409, say(lang, 'staff.orderChanged'));
}

/** "Seen": the board stops ringing for this order everywhere; the first tap counts. */
export async function acknowledgeOrder(db: Db, actor: Actor, code: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await tx
      .update(t.orders)
      .set({ acknowledgedAt: now })
      .where(and(eq(t.orders.code, code), isNull(t.orders.acknowledgedAt), inArray(t.orders.status, BOARD_OPEN_STATUSES)))
      .returning({ status: t.orders.status });
    const row = seen[0];
    if (!row) return;
    await record(tx, actor, 'order.ack', code);
    await publish(tx, { type: 'order', code, status: row.status });
  });
}

/** "On our way": a curbside guest's arrival stops ringing on every board; the first tap counts. */
export async function acknowledgeArrival(db: Db, actor: Actor, code: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await tx
      .update(t.orders)
      .set({ arrivalSeenAt: now })
      .where(and(eq(t.orders.code, code), isNotNull(t.orders.arrivedAt), isNull(t.orders.arrivalSeenAt), inArray(t.orders.status, BOARD_OPEN_STATUSES)))
      .returning({ status: t.orders.status });
    const row = seen[0];
    if (!row) return;
    await record(tx, actor, 'order.arrivalSeen', code);
    // The diner's page hears it too: "someone is on the way to your car".
    await publish(tx, { type: 'order', code, status: row.status });
  });
}
