/**
 * Card payments through Stripe Checkout, end to end against the stand-in Stripe
 * (tests/support/stand-in-stripe.ts): the official SDK talks to it over HTTP, and it delivers
 * webhooks to the listening app signed exactly as Stripe signs them.
 */
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import * as t from '../../src/server/db/schema';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import type { CheckoutResult, Order, PaymentCheck, PaymentProviderInfo, TableSessionGrant } from '../../src/shared/contract/checkout';
import type { TabPaymentStarted, TableTab } from '../../src/shared/contract/table-tab';
import { startStandInStripe, type StandInStripe } from '../support/stand-in-stripe';
import { eventually, mailsTo, uniqueEmail } from './account-helpers';
import { ALL_WEEK, type Catalog, call, checkout, eventsOf, loadCatalog, newKey, orderPage, payload, placed, productLine, productNamed, setWorkingHours } from './checkout-helpers';
import { backends, openTestApp, type TestApp } from './harness';

const SITE = 'https://shop.example';
const OPERATOR_KEY = 'kitchen-key-for-the-stripe-tests-0123';
const WEBHOOK = '/api/payments/stripe/webhook';

describe.each(backends())('Stripe card payments on %s', (backend) => {
  let stripe: StandInStripe;
  let current: (TestApp & { dispose(): Promise<void> }) | undefined;
  let catalog: Catalog;
  const mailer = createMemoryMailer();

  beforeAll(async () => {
    stripe = await startStandInStripe();
    current = await openTestApp(backend, {
      mailer,
      operatorKey: OPERATOR_KEY,
      publicUrl: SITE,
      payments: { sandbox: false, stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url, siteUrl: SITE } },
    });
    // Stripe calls the shop over the network: the app listens, and the stand-in delivers there.
    await current.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = current.app.server.address() as AddressInfo;
    stripe.setWebhookUrl(`http://127.0.0.1:${port}${WEBHOOK}`);
    catalog = await loadCatalog(current.app);
  });
  afterAll(async () => {
    await current?.dispose();
    await stripe?.close();
  });

  const app = () => {
    if (!current) throw new Error('test app not ready');
    return current.app;
  };
  const db = () => {
    if (!current) throw new Error('test app not ready');
    return current.database.db;
  };

  const cart = () => [productLine(productNamed(catalog, 'Pizza Margherita')), productLine(productNamed(catalog, 'Cola'))];
  const stripeOrder = async (overrides: Record<string, unknown> = {}) => placed(await checkout(app(), payload(cart(), { paymentType: 'stripe', ...overrides })));
  const sessionOf = (result: CheckoutResult) => {
    const m = /^http:\/\/127\.0\.0\.1:\d+\/pay\/(cs_test_\w+)$/.exec(result.url);
    if (!m?.[1]) throw new Error(`not a stand-in Checkout url: ${result.url}`);
    return m[1];
  };
  const check = (sess: string) => call<{ data: PaymentCheck }>(app(), 'GET', `/api/checkout/check?payment=stripe&sess=${encodeURIComponent(sess)}`);
  const paymentRow = async (sess: string) => (await db().select().from(t.payments).where(eq(t.payments.session, sess)))[0];
  const cents = (order: Order) => Math.round(order.payment.price * 100);

  it('offers the card through Stripe and no sandbox', async () => {
    const res = await call<{ data: PaymentProviderInfo[] }>(app(), 'GET', '/api/checkout/payment-providers', { headers: { 'accept-language': 'en' } });
    expect(res.body.data).toEqual([
      { id: 'cash', name: 'Pay on site', displayOption: 'direct' },
      { id: 'stripe', name: 'Card', displayOption: 'redirect' },
    ]);
    expect((await call(app(), 'GET', '/api/sandbox-pay/abcdefghijklmnopqrstuvwx')).status).toBe(404);
  });

  it('opens a Checkout Session for the server-computed amount in the restaurant currency, returning to the payment check', async () => {
    const result = await stripeOrder({ tip: 2.5 });
    expect(result.order.status).toBe('awaiting_payment');
    expect(result.order.payment).toMatchObject({ method: 'stripe', methodName: 'Karte', state: 'pending' });
    const session = stripe.sessions.get(sessionOf(result));
    expect(session).toMatchObject({ status: 'open', amount_total: cents(result.order), currency: 'eur', mode: 'payment', locale: 'de' });
    expect(session?.line_items_requested).toEqual([{ name: 'Ihre Bestellung bei Gasthaus Lindenhof', unit_amount: cents(result.order), currency: 'eur', quantity: 1 }]);
    expect(session?.success_url).toBe(`${SITE}/?payment=stripe&sess={CHECKOUT_SESSION_ID}`);
    expect(session?.cancel_url).toBe(`${SITE}/api/payments/stripe/cancelled?sess={CHECKOUT_SESSION_ID}`);
    // Stripe's floor is 30 minutes; an abandoned session ends soon after.
    const ttl = (session?.expires_at ?? 0) - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThanOrEqual(30 * 60);
    expect(ttl).toBeLessThanOrEqual(37 * 60);
    expect((await paymentRow(sessionOf(result)))?.amountCents).toBe(cents(result.order));
    // Before the diner pays, the check asks Stripe and finds it open.
    expect((await check(sessionOf(result))).body.data.state).toBe('pending');
  });

  it('expires the session when the diner goes back from Stripe, so an old tab cannot pay an order placed again', async () => {
    const result = await stripeOrder();
    const sess = sessionOf(result);
    const back = await call(app(), 'GET', `/api/payments/stripe/cancelled?sess=${sess}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/?payment=stripe&sess=${sess}`);
    expect(stripe.sessions.get(sess)?.status).toBe('expired');
    expect((await check(sess)).body.data).toMatchObject({ state: 'cancelled', order: { status: 'cancelled' } });
    // Going back twice, or with a made-up session, still lands on the return page.
    expect((await call(app(), 'GET', `/api/payments/stripe/cancelled?sess=${sess}`)).status).toBe(303);
    expect((await call(app(), 'GET', '/api/payments/stripe/cancelled?sess=cs_test_unknown_0123456789')).status).toBe(303);
    expect((await call(app(), 'GET', '/api/payments/stripe/cancelled?sess=%00')).status).toBe(422);
  });

  it('a retried checkout with the same key makes one order and one Checkout Session, even at once', async () => {
    const key = newKey();
    const body = payload(cart(), { paymentType: 'stripe' });
    const sessionsBefore = stripe.sessions.size;
    const [a, b] = await Promise.all([checkout(app(), body, { key }), checkout(app(), body, { key })]);
    const [first, second] = [placed(a), placed(b)];
    expect(second.order.code).toBe(first.order.code);
    expect(second.url).toBe(first.url);
    const again = placed(await checkout(app(), body, { key }));
    expect(again.url).toBe(first.url);
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
  });

  it('is paid only by a signed webhook: the order reaches the kitchen once, and a replay changes nothing', async () => {
    const email = uniqueEmail('stripe-paid');
    const result = await stripeOrder({ email });
    const sess = sessionOf(result);
    const delivery = await stripe.pay(sess);
    expect(delivery?.status, delivery?.response).toBe(200);
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const order = await orderPage(app(), result);
    expect(order.status).toBe('pending_approval');
    expect(order.payment.state).toBe('paid');
    await eventually(() => mailsTo(mailer.sent, email).length > 0);

    const replay = await stripe.redeliver(delivery ?? expect.fail('no delivery'));
    expect(replay.status).toBe(200);
    const again = await stripe.deliver('checkout.session.completed', sess);
    expect(again.status).toBe(200);
    expect(await eventsOf(db(), result.order.code)).toEqual([
      { from: null, to: 'awaiting_payment', source: 'checkout' },
      { from: 'awaiting_payment', to: 'pending_approval', source: 'payment:stripe' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo(mailer.sent, email)).toHaveLength(1);
    // The diner's return finds it paid too.
    expect((await check(sess)).body.data).toMatchObject({ state: 'paid', order: { code: result.order.code, status: 'pending_approval' } });
  });

  it('refuses a webhook with a bad, stale or missing signature with 400, and the order stays unpaid', async () => {
    const result = await stripeOrder();
    const sess = sessionOf(result);
    await stripe.pay(sess, { deliver: false });
    const forged = await stripe.deliver('checkout.session.completed', sess, { secret: 'whsec_guessed0123456789' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.response)).toEqual({ message: 'Ungültige Webhook-Signatur.' });
    const stale = await stripe.deliver('checkout.session.completed', sess, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(stale.status).toBe(400);
    // Right signature, other bytes: the body was changed on the way.
    const good = stripe.event('checkout.session.completed', sess);
    const tampered = await fetch(`${app().listeningOrigin}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': good.signature },
      body: good.body.replace('"livemode": false', '"livemode": true'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${app().listeningOrigin}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: good.body });
    expect(unsigned.status).toBe(400);
    expect((await paymentRow(sess))?.state).toBe('pending');
    expect((await orderPage(app(), result)).status).toBe('awaiting_payment');
    // The same event, as signed, is taken: the refusals above were the signature's doing.
    const genuine = await fetch(`${app().listeningOrigin}${WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': good.signature }, body: good.body });
    expect(genuine.status).toBe(200);
    expect((await orderPage(app(), result)).status).toBe('pending_approval');
  });

  it('reads the payment from Stripe when the webhook never came (the return URL check)', async () => {
    const result = await stripeOrder();
    const sess = sessionOf(result);
    await stripe.pay(sess, { deliver: false });
    expect((await orderPage(app(), result)).status).toBe('awaiting_payment');
    const res = await check(sess);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'paid', order: { code: result.order.code, status: 'pending_approval' } });
    // A made-up session is unknown to us, whatever Stripe would say.
    expect((await check('cs_test_madeup0123456789abcdef')).status).toBe(404);
  });

  it('never takes an event’s amount on trust: a paid session for another amount or currency leaves the order unpaid', async () => {
    const result = await stripeOrder();
    const sess = sessionOf(result);
    await stripe.pay(sess, { deliver: false });
    const cheaper = await stripe.deliver('checkout.session.completed', sess, { reportAs: { amount_total: 50 } });
    expect(cheaper.status).toBe(200);
    const otherCurrency = await stripe.deliver('checkout.session.completed', sess, { reportAs: { currency: 'jpy' } });
    expect(otherCurrency.status).toBe(200);
    expect((await paymentRow(sess))?.state).toBe('pending');
    expect((await orderPage(app(), result)).status).toBe('awaiting_payment');
    // Stripe itself, asked, reports the order's amount: that is what counts.
    const session = stripe.sessions.get(sess);
    if (!session) throw new Error('no session');
    session.amount_total = 51;
    expect((await check(sess)).body.data.state).toBe('pending');
    session.amount_total = cents(result.order);
    expect((await check(sess)).body.data.state).toBe('paid');
  });

  it('an expired session cancels the order; a delayed payment fails or succeeds with its own event', async () => {
    const abandoned = await stripeOrder();
    expect((await stripe.expire(sessionOf(abandoned)))?.status).toBe(200);
    expect((await orderPage(app(), abandoned)).status).toBe('cancelled');

    const failing = await stripeOrder();
    await stripe.pay(sessionOf(failing), { delayed: true });
    // Completed but not yet paid: still waiting.
    expect((await orderPage(app(), failing)).status).toBe('awaiting_payment');
    expect((await stripe.settleDelayed(sessionOf(failing), 'failed'))?.status).toBe(200);
    expect((await orderPage(app(), failing)).status).toBe('payment_failed');

    const succeeding = await stripeOrder();
    await stripe.pay(sessionOf(succeeding), { delayed: true });
    expect((await stripe.settleDelayed(sessionOf(succeeding), 'succeeded'))?.status).toBe(200);
    expect((await orderPage(app(), succeeding)).status).toBe('pending_approval');

    // Without the events, the check reads the same from Stripe.
    const silent = await stripeOrder();
    await stripe.pay(sessionOf(silent), { delayed: true, deliver: false });
    expect((await check(sessionOf(silent))).body.data.state).toBe('pending');
    await stripe.settleDelayed(sessionOf(silent), 'failed', { deliver: false });
    expect((await check(sessionOf(silent))).body.data).toMatchObject({ state: 'failed', order: { status: 'payment_failed' } });
  });

  it('gives the money back through Stripe when the restaurant rejects a paid order', async () => {
    const result = await stripeOrder();
    const sess = sessionOf(result);
    await stripe.pay(sess);
    const intent = stripe.sessions.get(sess)?.payment_intent;
    expect(intent).toMatch(/^pi_test_/);
    const res = await call<{ data: Order }>(app(), 'PATCH', `/api/operator/orders/${result.order.code}`, {
      headers: { authorization: `Bearer ${OPERATOR_KEY}` },
      payload: { status: 'rejected', reason: 'sold_out' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('rejected');
    expect(res.body.data.payment.state).toBe('refunded');
    expect(stripe.refunds).toContainEqual(expect.objectContaining({ payment_intent: intent, amount: cents(result.order), currency: 'eur' }));
  });

  it('keeps a paid order, and says so, when Stripe cannot take the refund back', async () => {
    const result = await stripeOrder();
    await stripe.pay(sessionOf(result));
    const cut = await buildApp({
      db: db(),
      publicUrl: SITE,
      operatorKey: OPERATOR_KEY,
      payments: { sandbox: false, stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: 'http://127.0.0.1:9', siteUrl: SITE } },
    });
    try {
      const res = await call(cut, 'PATCH', `/api/operator/orders/${result.order.code}`, {
        headers: { authorization: `Bearer ${OPERATOR_KEY}`, 'accept-language': 'en' },
        payload: { status: 'rejected', reason: 'sold_out' },
      });
      expect(res.status, res.text).toBe(503);
      expect(res.body).toEqual({ message: 'The refund to the card provider failed, so the order is not rejected. Please try again shortly.' });
    } finally {
      await cut.close();
    }
    const kept = await orderPage(app(), result);
    expect(kept.status).toBe('pending_approval');
    expect(kept.payment.state).toBe('paid');
  });

  it('answers 503 when Stripe cannot be reached, and stores no order (the device retries with its key)', async () => {
    const unreachable = await buildApp({
      db: db(),
      publicUrl: SITE,
      payments: { sandbox: false, stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: 'http://127.0.0.1:9', siteUrl: SITE } },
      // The file's earlier orders came from the same address and mailbox.
      orderLimits: { maxTotalCents: 1_000_000, scale: 1000 },
    });
    try {
      const before = (await db().select({ id: t.orders.id }).from(t.orders)).length;
      const res = await checkout(unreachable, payload(cart(), { paymentType: 'stripe' }));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Die Kartenzahlung ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal oder bezahlen Sie vor Ort.' });
      expect((await db().select({ id: t.orders.id }).from(t.orders)).length).toBe(before);
    } finally {
      await unreachable.close();
    }
  });

  it("pays a table's tab by card: Stripe's notice marks the lines paid, and going back from its page frees them", async () => {
    await setWorkingHours(db(), ALL_WEEK);
    const code = 'T07-Y5HZ-G1TC-GNMA';
    const token = (await call<{ data: TableSessionGrant }>(app(), 'GET', `/api/tables/${code}`)).body.data.token;
    const seat = { authorization: `Bearer ${token}` };
    const ordered = await call(app(), 'POST', '/api/checkout/v2', {
      headers: { ...seat, 'idempotency-key': newKey() },
      payload: { items: cart(), deliverType: 'table', table: code, deliverAt: 'now', tip: 0, terms: true, paymentType: 'cash', name: 'Anna' },
    });
    expect(ordered.status, ordered.text).toBe(201);
    const tab = async () => (await call<{ data: TableTab }>(app(), 'GET', `/api/tables/${code}/tab`, { headers: seat })).body.data;
    const lines = (await tab()).orders.flatMap((o) => o.lines.map((l) => l.id));
    const pay = async () => {
      const res = await call<{ data: TabPaymentStarted }>(app(), 'POST', `/api/tables/${code}/tab/payments`, { headers: seat, payload: { paymentType: 'stripe', lines } });
      expect(res.status, res.text).toBe(201);
      return /\/pay\/(cs_test_\w+)$/.exec(res.body.data.url)?.[1] ?? expect.fail(res.body.data.url);
    };
    expect((await tab()).payWith.map((p) => p.id)).toEqual(['stripe']);

    // Back from Stripe's page: to the table's page, the lines free again at once.
    const left = await pay();
    const back = await call(app(), 'GET', `/api/payments/stripe/cancelled?sess=${left}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/table?payment=stripe&sess=${left}`);
    expect((await tab()).pending).toBe(0);

    // Paid: Stripe's notice settles it even if the phone never comes back.
    const paid = await pay();
    await stripe.pay(paid);
    await eventually(async () => (await tab()).open === 0);
    const after = await tab();
    expect(after.paid).toBe(after.total);
    const [row] = await db().select().from(t.tabPayments).where(eq(t.tabPayments.session, paid));
    expect(row?.state).toBe('paid');

    // The restaurant refuses the order afterwards: Stripe gives back what its lines owed, once, keyed by the order.
    const intent = stripe.sessions.get(paid)?.payment_intent;
    const refused = await call(app(), 'PATCH', `/api/operator/orders/${(ordered.body as { data: CheckoutResult }).data.order.code}`, {
      headers: { authorization: `Bearer ${OPERATOR_KEY}` },
      payload: { status: 'rejected', reason: 'sold_out' },
    });
    expect(refused.status, refused.text).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: Math.round(after.total * 100), currency: 'eur' })]);
    const [refundedRow] = await db().select().from(t.tabPayments).where(eq(t.tabPayments.session, paid));
    expect(refundedRow?.refundedCents).toBe(Math.round(after.total * 100));
  });
});

