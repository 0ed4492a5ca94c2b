/**
 * The order confirmation mail through the outbox (decision 031): written with the order or the
 * payment, sent by the worker once, retried when the SMTP server refuses, kept across a stop, and
 * never sent twice by two processes on one PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../src/shared/contract/checkout';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import type { MailMessage, Mailer } from '../../src/server/mail/mailer';
import { eventually, mailsTo, sleep, uniqueEmail } from './account-helpers';
import { call, checkout, loadCatalog, payload, placed, productLine, productNamed, type Catalog } from './checkout-helpers';
import { backends, openTestApp, type Backend } from './harness';

/** An SMTP stand-in the test steers: it can refuse the next mails or keep one waiting. */
function steeredMailer(): Mailer & { sent: MailMessage[]; tried: string[]; refuse(n: number): void; hold(): (outcome: 'sent' | 'refused') => void } {
  const sent: MailMessage[] = [];
  const tried: string[] = [];
  let refusals = 0;
  let gate: Promise<'sent' | 'refused'> | null = null;
  const deliver = async (message: MailMessage): Promise<void> => {
    tried.push(message.to);
    if (gate) {
      const outcome = await gate;
      gate = null;
      if (outcome === 'refused') throw new Error('421 service shutting down');
    }
    if (refusals > 0) {
      refusals--;
      throw new Error('451 try again later');
    }
    sent.push({ ...message });
  };
  return {
    sent,
    tried,
    refuse: (n) => void (refusals = n),
    hold() {
      let open: (outcome: 'sent' | 'refused') => void = () => undefined;
      gate = new Promise((resolve) => (open = resolve));
      return open;
    },
    deliver,
    send: (message) => deliver(message).catch(() => undefined),
    close: () => Promise.resolve(),
  };
}

const FAST = { sweepMs: 100, backoffMs: () => 50 };

async function waiting(db: Database['db']): Promise<number> {
  return (await db.select().from(t.mailOutbox)).length;
}

describe.each(backends())('the order mail outbox on %s', (backend: Backend) => {
  let opened: Awaited<ReturnType<typeof openTestApp>>;
  let catalog: Catalog;
  const mailer = steeredMailer();
  const cashOrder = async (app: FastifyInstance, email: string): Promise<CheckoutResult> =>
    placed(await checkout(app, payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { email })));
  /** Another app on the same database, as after a restart or in a second process. */
  const anotherApp = (database: Database, other: Mailer, kind = database.kind) =>
    buildApp({ db: database.db, listen: database.listen, databaseKind: kind, mailer: other, payments: { sandbox: true, stripe: undefined }, orderLimits: { maxTotalCents: 1_000_000, scale: 1000 }, mailOutbox: FAST });

  beforeAll(async () => {
    opened = await openTestApp(backend, { mailer, mailOutbox: FAST });
    catalog = await loadCatalog(opened.app);
  });
  afterAll(async () => {
    await opened.dispose();
  });

  it('sends a cash order’s mail once, in the language it was ordered in, and empties the outbox', async () => {
    const email = uniqueEmail('cash');
    const result = placed(await checkout(opened.app, payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { email }), { headers: { 'accept-language': 'en' } }));
    await eventually(() => mailsTo(mailer.sent, email).length > 0);
    await sleep(400);
    const mails = mailsTo(mailer.sent, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(result.order.code);
    expect(mails[0]?.subject).toMatch(/order/i);
    expect(mails[0]?.text).toContain(`/orders/${result.order.code}?key=${result.accessKey}`);
    expect(await waiting(opened.database.db)).toBe(0);
  });

  it('sends a card order’s mail only once its payment is confirmed', async () => {
    const email = uniqueEmail('card');
    const result = placed(await checkout(opened.app, payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { email, paymentType: 'sandbox' })));
    expect(result.order.status).toBe('awaiting_payment');
    await sleep(400);
    expect(mailsTo(mailer.sent, email)).toEqual([]);
    expect(await waiting(opened.database.db)).toBe(0);
    const sess = result.url.replace('/sandbox-pay/', '');
    expect((await call(opened.app, 'POST', `/api/sandbox-pay/${sess}/approve`)).status).toBe(200);
    expect((await call(opened.app, 'GET', `/api/checkout/check?payment=sandbox&sess=${encodeURIComponent(sess)}`)).status).toBe(200);
    await eventually(() => mailsTo(mailer.sent, email).length > 0);
    await sleep(400);
    expect(mailsTo(mailer.sent, email)).toHaveLength(1);
  });

  it('retries a mail the SMTP server refused, and sends it once', async () => {
    const email = uniqueEmail('refused');
    mailer.refuse(2);
    const result = await cashOrder(opened.app, email);
    await eventually(() => mailsTo(mailer.sent, email).length > 0);
    await sleep(400);
    expect(mailer.tried.filter((to) => to === email)).toHaveLength(3);
    expect(mailsTo(mailer.sent, email)).toHaveLength(1);
    expect(mailsTo(mailer.sent, email)[0]?.subject).toContain(result.order.code);
    expect(await waiting(opened.database.db)).toBe(0);
  });

  it('loses nothing when the app closes while sending, and sends nothing twice after a restart', async () => {
    // A database of its own (one, for both rounds: opening a seeded one is the slow part): the app under test would otherwise send what this one leaves.
    const first = steeredMailer();
    const own = await openTestApp(backend, { mailer: first, mailOutbox: FAST });
    try {
      // Round 1: the SMTP server drops the mail in hand as the process goes; the next one was never started.
      let held = first.hold();
      const a = uniqueEmail('closing-a');
      const b = uniqueEmail('closing-b');
      await cashOrder(own.app, a);
      await eventually(() => first.tried.includes(a));
      await cashOrder(own.app, b);
      let closing = own.app.close();
      await sleep(50);
      held('refused');
      await closing;
      expect(first.sent).toEqual([]);
      expect(await waiting(own.database.db)).toBe(2);

      const second = steeredMailer();
      const restarted = await anotherApp(own.database, second);
      await restarted.ready();
      await eventually(() => mailsTo(second.sent, a).length > 0 && mailsTo(second.sent, b).length > 0);
      await sleep(300);
      expect(mailsTo(second.sent, a)).toHaveLength(1);
      expect(mailsTo(second.sent, b)).toHaveLength(1);
      expect(await waiting(own.database.db)).toBe(0);

      // Round 2: the mail in hand goes out while the process stops; the next start does not send it again.
      held = second.hold();
      const c = uniqueEmail('closing-c');
      await cashOrder(restarted, c);
      await eventually(() => second.tried.includes(c));
      closing = restarted.close();
      await sleep(50);
      held('sent');
      await closing;
      expect(mailsTo(second.sent, c)).toHaveLength(1);
      const third = steeredMailer();
      const again = await anotherApp(own.database, third);
      await again.ready();
      await sleep(400);
      await again.close();
      expect(third.tried).toEqual([]);
      expect(await waiting(own.database.db)).toBe(0);
    } finally {
      await own.dispose();
    }
  });

  it.runIf(backend === 'postgres')('sends each mail once with two processes on one PostgreSQL', async () => {
    const url = opened.databaseUrl;
    if (!url) throw new Error('no database URL');
    const other = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const otherMailer = steeredMailer();
    const second = await anotherApp(other, otherMailer);
    await second.ready();
    try {
      const emails = Array.from({ length: 24 }, (_, i) => uniqueEmail(`twice-${i}`));
      const count = (email: string) => mailsTo(mailer.sent, email).length + mailsTo(otherMailer.sent, email).length;
      // Both SMTP servers keep their first mail waiting, so a worker holds its batch (10 rows at most)
      // while the other must take the rest: both take part, whichever claims first.
      const openFirst = mailer.hold();
      const openSecond = otherMailer.hold();
      const triedBefore = mailer.tried.length;
      // Orders arrive at both processes at once; both workers wake and sweep every 100 ms.
      await Promise.all(emails.map((email, i) => cashOrder(i % 2 ? second : opened.app, email)));
      await eventually(() => mailer.tried.length > triedBefore && otherMailer.tried.length > 0, 10_000);
      openFirst('sent');
      openSecond('sent');
      await eventually(() => emails.every((email) => count(email) > 0), 10_000);
      await sleep(500);
      for (const email of emails) expect(count(email), email).toBe(1);
      expect(await waiting(opened.database.db)).toBe(0);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
