/**
 * Curbside arrival: the diner's "I'm here" reaches every board at once. One tap records the time
 * and publishes the order's event in the same transaction; every later tap finds it recorded,
 * changes nothing and answers as the first did. Decision 013 gives the reasons.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES, type OrderStatus } from '../../shared/contract/checkout';
import { consume, type LimitRule } from '../auth/rate-limit';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { say } from '../i18n/messages';
import { FieldErrors, HttpError } from '../plugins/errors';
import { orderByCode } from './order-out';

type OrderRow = typeof t.orders.$inferSelect;

export const ARRIVAL_LIMITS = {
  /** Taps on one order: an impatient diner taps a few times, a script repeating it is stopped. */
  perOrder: { limit: 10, windowSeconds: 15 * 60 },
  /** Taps from one network address, over every order: a car park shares one mobile network rarely, guessers always. */
  perAddress: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** The restaurant has promised the order and not yet handed it over: only then is there someone to come out. */
export const ARRIVAL_STATUSES: OrderStatus[] = ['approved', 'ready'];

export interface ArrivalOptions {
  lang: string;
  /** RATE_LIMIT_SCALE. */
  scale: number;
  now?: Date;
}

/** Counted before the order is looked up, so a wrong key costs the same as a right one. */
export async function consumeArrivalAllowance(db: Db, ip: string, options: ArrivalOptions): Promise<void> {
  await consume(db, `arrived:ip:${ip}`, ARRIVAL_LIMITS.perAddress, options.lang, options.scale, 'order.arrivalRateLimited');
}

/**
 * Records that the diner of this curbside order waits outside, and tells the boards. Returns the
 * order as it is now. A non-curbside order is a 422 on `deliverType`; an order not yet accepted,
 * or already finished, a 409.
 */
export async function markArrived(db: Db, row: OrderRow, options: ArrivalOptions): Promise<OrderRow> {
  const { lang } = options;
  await consume(db, `arrived:order:${row.id}`, ARRIVAL_LIMITS.perOrder, lang, options.scale, 'order.arrivalRateLimited');
  if (row.deliverType !== 'curbside') throw new FieldErrors({ deliverType: [say(lang, 'arrival.notCurbside')] });

  const now = options.now ?? new Date();
  const marked = await db.transaction(async (tx) => {
    const changed = await tx
      .update(t.orders)
      .set({ arrivedAt: now })
      .where(and(eq(t.orders.id, row.id), isNull(t.orders.arrivedAt), inArray(t.orders.status, ARRIVAL_STATUSES)))
      .returning();
    const order = changed[0];
    if (!order) return undefined;
    // No car, no name in the event: the board reads the order through its own authorised call.
    await publish(tx, { type: 'order', code: order.code, status: order.status });
    return order;
  });
  if (marked) return marked;

  // Nothing changed: a second tap (fine), or an order the restaurant is not waiting to hand over.
  const current = (await orderByCode(db, row.code)) ?? row;
  const status = current.status as OrderStatus;
  if (FINAL_ORDER_STATUSES.includes(status)) throw new HttpError(409, say(lang, 'arrival.orderDone'));
  if (!ARRIVAL_STATUSES.includes(status)) throw new HttpError(409, say(lang, 'arrival.notAccepted'));
  return current;
}
