/**
 * The order confirmation mail leaves the request (decision 031): checkout and the payment's
 * transaction only write a `mail_outbox` row, committed with the order or the payment, and a
 * worker composes and sends it afterwards. Nothing is composed while a diner waits, and nothing
 * waiting is lost when the process stops: a row is deleted only once its mail went out.
 *
 * Several processes may share one PostgreSQL: a row is claimed by one UPDATE that moves its lease
 * (`claimed_until`) forward, over rows locked with SKIP LOCKED, so two workers never hold the same
 * row. A process that dies while holding rows lets go when the lease passes (PGlite: at the next
 * start, as no other process can hold them). Delivery is at least once: a process killed between
 * the SMTP answer and the DELETE sends that one mail again at the next start.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { sendOrderReceived } from '../mail/order-received';
import type { Order } from '../../shared/contract/checkout';
import type { SettingsMap } from '../../shared/contract/settings';
import { loadSettings } from '../settings';
import type { DinersWaiting } from './diners-waiting';
import { ordersOut } from './order-out';

/** What becomes of a new order's confirmation: nothing without an address, held until a card payment is confirmed, or queued now. */
export type OrderMail = 'none' | 'held' | 'queued';

export function orderMailOf(order: { email: string; awaitingPayment: boolean }): OrderMail {
  if (!order.email) return 'none';
  return order.awaitingPayment ? 'held' : 'queued';
}

/** The order's confirmation as a CTE of the checkout's statement, written only if `when` holds. */
export function orderMailSql(mail: Exclude<OrderMail, 'none'>, values: { orderId: SQL; accessKey: SQL }, when: SQL): SQL {
  const table = mail === 'held' ? t.pendingConfirmations : t.mailOutbox;
  return sql`mail as (insert into ${table} (order_id, access_key) select ${values.orderId}, ${values.accessKey} where ${when})`;
}

/**
 * Inside the transaction that confirms a card payment (or later, for one confirmed before the
 * outbox existed): the held confirmation moves to the outbox in one statement, so whoever runs it
 * first queues the mail and any later run finds nothing held.
 */
export async function releaseHeldMail(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`
    with held as (delete from ${t.pendingConfirmations} where ${t.pendingConfirmations.orderId} = ${orderId} returning order_id, access_key)
    insert into ${t.mailOutbox} (order_id, access_key) select order_id, access_key from held
    on conflict (order_id) do nothing`);
}

export interface MailOutbox {
  /** Something was just committed: look now (coalesces; never throws). */
  wake(): void;
  /** Starts the periodic sweep and sends what an earlier run left. */
  start(): void;
  /** Finishes the mail being sent, gives back the rest of its batch, and sends nothing more. */
  stop(): Promise<void>;
  /** Sends everything due now and resolves when nothing due is left (tests, and the sweep's waiting). */
  drain(): Promise<void>;
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  warn: (err: unknown, msg: string) => void;
  /** Only this process uses the database (PGlite): leases left by a crash are given back at start. */
  exclusive: boolean;
  /** How often the outbox is looked at without a wake (mails of other processes, retries). */
  sweepMs?: number;
  /** How long a claimed row stays with its worker; longer than one SMTP send with its timeouts. */
  leaseMs?: number;
  /** Delay before attempt n+1 after n failed ones. */
  backoffMs?: (attempts: number) => number;
  /** After this many failed attempts the mail is given up (logged): an order confirmation days late helps nobody. */
  maxAttempts?: number;
  /** Orders in flight: each batch waits until none has been for a moment (decision 045). */
  diners?: DinersWaiting;
  /** The longest a batch waits for that moment; then it goes anyway. */
  maxYieldMs?: number;
}

const BATCH = 10;

/** 10 s, 20 s, 40 s … at most one hour: 12 attempts span about five hours. */
export const defaultBackoff = (attempts: number): number => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, mailer, siteUrl, warn } = options;
  const sweepMs = options.sweepMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const backoff = options.backoffMs ?? defaultBackoff;
  const maxAttempts = options.maxAttempts ?? 12;
  const maxYieldMs = options.maxYieldMs ?? 10_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let sweeper: NodeJS.Timeout | undefined;
  let started: Promise<void> = Promise.resolve();

  type Claimed = { id: number; orderId: number; accessKey: string; attempts: number };
  type Composed = { settings: SettingsMap; orders: Map<number, { out: Order; lang: string }> };

  async function claim(): Promise<Claimed[]> {
    const now = sql`now()`;
    const due = db
      .select({ id: t.mailOutbox.id })
      .from(t.mailOutbox)
      .where(and(lte(t.mailOutbox.dueAt, now), or(isNull(t.mailOutbox.claimedUntil), lt(t.mailOutbox.claimedUntil, now))))
      .orderBy(asc(t.mailOutbox.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(t.mailOutbox)
      .set({ claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${t.mailOutbox.attempts} + 1` })
      // Re-checked on the row's newest version: a row another worker claimed meanwhile is not taken again.
      .where(and(inArray(t.mailOutbox.id, due), or(isNull(t.mailOutbox.claimedUntil), lt(t.mailOutbox.claimedUntil, now))))
      .returning({ id: t.mailOutbox.id, orderId: t.mailOutbox.orderId, accessKey: t.mailOutbox.accessKey, attempts: t.mailOutbox.attempts });
  }

  /** Gives rows back untried: due at once, the attempt not counted. */
  async function release(rows: Claimed[]): Promise<void> {
    if (!rows.length) return;
    await db
      .update(t.mailOutbox)
      .set({ claimedUntil: null, attempts: sql`${t.mailOutbox.attempts} - 1` })
      .where(inArray(t.mailOutbox.id, rows.map((r) => r.id)));
  }

  /**
   * What a batch's mails say, read together: its orders with their lines, payments and tables, and
   * the restaurant's settings, in five statements per language however many rows it holds: a busy
   * evening's batch costs the database what one mail used to.
   */
  async function compose(batch: Claimed[]): Promise<Composed> {
    const ids = batch.map((r) => r.orderId);
    const [settings, rows] = await Promise.all([loadSettings(db), db.select().from(t.orders).where(inArray(t.orders.id, ids))]);
    const orders = new Map<number, { out: Order; lang: string }>();
    // The diner's language is the one they ordered in, stored with the order.
    const byLang = new Map<string, typeof rows>();
    for (const o of rows) byLang.set(o.lang, [...(byLang.get(o.lang) ?? []), o]);
    for (const [lang, group] of byLang) {
      const outs = await ordersOut(db, group, lang);
      group.forEach((o, i) => {
        const out = outs[i];
        if (out) orders.set(o.id, { out, lang });
      });
    }
    return { settings, orders };
  }

  async function sendOne(row: Claimed, read: Composed): Promise<void> {
    try {
      const order = read.orders.get(row.orderId);
      if (order) await sendOrderReceived(mailer, siteUrl, read.settings, order.out, row.accessKey, order.lang);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (row.attempts >= maxAttempts) {
        warn(err, `order confirmation given up after ${row.attempts} attempts`);
        await db.delete(t.mailOutbox).where(eq(t.mailOutbox.id, row.id));
        return;
      }
      // A send that failed because this process is stopping is not the mail's fault: due at once for the next run.
      const delay = stopping ? 0 : backoff(row.attempts);
      await db
        .update(t.mailOutbox)
        .set({ claimedUntil: null, dueAt: sql`now() + ${delay} * interval '1 millisecond'`, lastError: message.slice(0, 500), ...(stopping ? { attempts: sql`${t.mailOutbox.attempts} - 1` } : {}) })
        .where(eq(t.mailOutbox.id, row.id));
      return;
    }
    // One by one, not per batch: a process killed after an SMTP answer sends at most that one mail again.
    await db.delete(t.mailOutbox).where(eq(t.mailOutbox.id, row.id));
  }

  async function run(): Promise<void> {
    for (;;) {
      again = false;
      // Composing and sending is CPU a diner waiting for their order's answer should not share.
      await options.diners?.quiet(maxYieldMs, () => stopping);
      if (stopping) return;
      const batch = await claim();
      if (batch.length) {
        let read: Composed;
        try {
          read = await compose(batch);
        } catch (err) {
          // Nothing was sent: the rows go back untried, and the sweep looks again.
          await release(batch);
          throw err;
        }
        for (const [i, row] of batch.entries()) {
          if (stopping) {
            await release(batch.slice(i));
            return;
          }
          await sendOne(row, read);
        }
      }
      // A full batch may have more behind it; a wake during the batch may have added some.
      if (batch.length < BATCH && !again) return;
    }
  }

  function wake(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = started
      .then(run)
      .catch((err: unknown) => warn(err, 'mail outbox failed'))
      .finally(() => {
        running = null;
        if (again && !stopping) wake();
      });
  }

  return {
    wake,
    start() {
      if (options.exclusive) {
        // Nobody else can hold these: what a killed run held goes out now, not when its lease passes.
        started = db
          .update(t.mailOutbox)
          .set({ claimedUntil: null })
          .where(isNotNull(t.mailOutbox.claimedUntil))
          .then(
            () => undefined,
            (err: unknown) => warn(err, 'mail outbox failed'),
          );
      }
      sweeper = setInterval(wake, sweepMs);
      sweeper.unref();
      wake();
    },
    async stop() {
      stopping = true;
      clearInterval(sweeper);
      await running;
    },
    async drain() {
      do {
        if (!running) wake();
        await running;
      } while (running);
    },
  };
}
