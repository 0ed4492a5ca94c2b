/**
 * The order confirmation mail goes out when the order is really placed, exactly once:
 * - an order that needs no online payment (cash, pay at the table): right after checkout;
 * - a card order: only once its payment is confirmed, by whichever comes first of the diner's
 *   return check, the provider's notification and the sweep. Until then its link key waits in
 *   `pending_confirmations`; whoever deletes that row sends the mail, so two of them racing send
 *   one. A declined or cancelled payment deletes the row: no mail.
 * A crash between a confirmed payment and the mail leaves the row behind; the sweep sends it.
 */
import { eq, inArray, ne } from 'drizzle-orm';
import type { CheckoutResult, OrderStatus } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { sendOrderReceived } from '../mail/order-received';
import { ordersOut } from './order-out';

/** Orders whose payment ended without money: their confirmation is dropped, never sent. */
const UNPAID: OrderStatus[] = ['payment_failed', 'cancelled'];

/** Inside the checkout transaction: a card order's confirmation waits for its payment. */
export async function holdConfirmation(tx: Db, orderId: number, accessKey: string): Promise<void> {
  await tx.insert(t.pendingConfirmations).values({ orderId, accessKey });
}

/** Inside the payment's transaction: a declined or cancelled payment sends no confirmation. */
export async function dropConfirmation(tx: Db, orderId: number): Promise<void> {
  await tx.delete(t.pendingConfirmations).where(eq(t.pendingConfirmations.orderId, orderId));
}

/** Takes the held confirmation once: only the caller whose DELETE found the row gets the key. */
async function claimConfirmation(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .delete(t.pendingConfirmations)
    .where(eq(t.pendingConfirmations.orderId, orderId))
    .returning({ accessKey: t.pendingConfirmations.accessKey });
  return row?.accessKey ?? null;
}

export interface Confirmations {
  /** After a new checkout (never a replay): mails an order placed at once; a card order's mail waits. */
  placed(result: CheckoutResult, lang: string): void;
  /** A payment was just confirmed for this order: sends its held confirmation. Never throws. */
  paid(orderId: number): Promise<void>;
  /** Sends confirmations left behind by a crash, drops those of payments that failed. */
  sweep(): Promise<void>;
}

export function createConfirmations(options: {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  warn: (err: unknown, msg: string) => void;
}): Confirmations {
  const { db, mailer, siteUrl, warn } = options;

  async function paid(orderId: number): Promise<void> {
    try {
      const accessKey = await claimConfirmation(db, orderId);
      if (accessKey === null) return;
      const [row] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
      if (!row) return;
      const [order] = await ordersOut(db, [row], row.lang);
      if (order) await sendOrderReceived(db, mailer, siteUrl, order, accessKey, row.lang);
    } catch (err) {
      warn(err, 'order confirmation failed');
    }
  }

  return {
    placed(result, lang) {
      if (result.order.status === 'awaiting_payment') return;
      void sendOrderReceived(db, mailer, siteUrl, result.order, result.accessKey, lang).catch((err: unknown) =>
        warn(err, 'order confirmation failed'),
      );
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
