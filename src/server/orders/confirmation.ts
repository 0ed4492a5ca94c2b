/**
 * The order confirmation mail goes out when the order is really placed, exactly once:
 * - an order that needs no online payment (cash, pay at the table): queued in `mail_outbox` in the
 *   checkout's transaction;
 * - a card order: its link key waits in `pending_confirmations` until its payment is confirmed;
 *   the transaction that records the payment moves it to the outbox. A declined or cancelled
 *   payment deletes the row: no mail.
 * The outbox's worker sends it (mail-outbox.ts); this module only tells it when to look.
 */
import { eq, inArray, ne } from 'drizzle-orm';
import type { CheckoutResult, OrderStatus } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { releaseHeldMail, type MailOutbox } from './mail-outbox';

/** Orders whose payment ended without money: their confirmation is dropped, never sent. */
const UNPAID: OrderStatus[] = ['payment_failed', 'cancelled'];

/** Inside the payment's transaction: a declined or cancelled payment sends no confirmation. */
export async function dropConfirmation(tx: Db, orderId: number): Promise<void> {
  await tx.delete(t.pendingConfirmations).where(eq(t.pendingConfirmations.orderId, orderId));
}

export interface Confirmations {
  /** After a new checkout has committed (never a replay): the outbox looks for its mail now. */
  placed(result: CheckoutResult): void;
  /** A payment was just confirmed for this order: its mail is in the outbox, which looks now. Never throws. */
  paid(orderId: number): Promise<void>;
  /** Queues confirmations of paid orders still held (confirmed before the outbox existed), drops those of payments that failed. */
  sweep(): Promise<void>;
}

export function createConfirmations(options: { db: Db; outbox: MailOutbox; warn: (err: unknown, msg: string) => void }): Confirmations {
  const { db, outbox, warn } = options;

  async function paid(orderId: number): Promise<void> {
    try {
      // Normally done already by the payment's transaction; this catches a payment confirmed before the outbox existed.
      await releaseHeldMail(db, orderId);
      outbox.wake();
    } catch (err) {
      warn(err, 'order confirmation failed');
    }
  }

  return {
    placed(result) {
      if (result.order.status !== 'awaiting_payment') outbox.wake();
    },
    paid,
    async sweep() {
      const left = await db
        .select({ orderId: t.pendingConfirmations.orderId, status: t.orders.status })
        .from(t.pendingConfirmations)
        .innerJoin(t.orders, eq(t.orders.id, t.pendingConfirmations.orderId))
        .where(ne(t.orders.status, 'awaiting_payment'));
      const unpaid = left.filter((r) => UNPAID.includes(r.status as OrderStatus)).map((r) => r.orderId);
      // Both statuses are final: nothing can still confirm these payments.
      if (unpaid.length) await db.delete(t.pendingConfirmations).where(inArray(t.pendingConfirmations.orderId, unpaid));
      for (const r of left) if (!UNPAID.includes(r.status as OrderStatus)) await paid(r.orderId);
    },
  };
}
