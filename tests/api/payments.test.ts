/**
 * Payment providers as the diner meets them: cash goes straight to the kitchen's queue; the
 * sandbox card provider sends the browser to its hosted page and back to
 * `/?payment=sandbox&sess=…`, where `GET /api/checkout/check` asks the provider for the truth,
 * exactly once per payment however often it is called.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { settleStalePayments } from '../../src/server/orders/status';
import { createPayments } from '../../src/server/payments';
import type { CheckoutResult, Order, PaymentCheck, PaymentProviderInfo, TableSessionGrant } from '../../src/shared/contract/checkout';
import {
  ALL_WEEK,
  type Catalog,
  call,
  checkout,
  eventsOf,
  loadCatalog,
  orderPage,
  payload,
  placeOrder,
  placed,
  productLine,
  productNamed,
  withWorkingHours,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

interface SandboxView {
  amount: number;
  currency: string;
  description: string;
  state: 'open' | 'approved' | 'declined' | 'cancelled';
  returnUrl: string;
}

describe.each(backends())('payments on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const cart = () => [productLine(productNamed(catalog, 'Pizza Margherita')), productLine(productNamed(catalog, 'Cola'))];
  const sandboxOrder = () => placeOrder(app(), payload(cart(), { paymentType: 'sandbox' }));

  function sessOf(result: CheckoutResult): string {
    const m = /^\/sandbox-pay\/([A-Za-z0-9_-]+)$/.exec(result.url);
    if (!m?.[1]) throw new Error(`not a sandbox url: ${result.url}`);
    return m[1];
  }

  const check = (sess: string, payment = 'sandbox', headers: Record<string, string> = {}) =>
    call<{ data: PaymentCheck }>(app(), 'GET', `/api/checkout/check?payment=${encodeURIComponent(payment)}&sess=${encodeURIComponent(sess)}`, {
      headers,
    });
  const decide = (sess: string, action: string) => call<{ data: SandboxView }>(app(), 'POST', `/api/sandbox-pay/${sess}/${action}`);

  it('lists the payment providers with their display option', async () => {
    const res = await call<{ data: PaymentProviderInfo[] }>(app(), 'GET', '/api/checkout/payment-providers', {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 'cash', name: 'Pay on site', displayOption: 'direct' },
      { id: 'sandbox', name: 'Test payment (card)', displayOption: 'redirect' },
    ]);
  });

  it('sends a cash order straight to approval, with the order page as its url', async () => {
    const result = await placeOrder(app(), payload(cart()));
    expect(result.order.status).toBe('pending_approval');
    expect(result.order.statusText).toBe('Wartet auf Bestätigung');
    expect(result.order.payment).toMatchObject({ method: 'cash', methodName: 'Vor Ort bezahlen', state: 'due' });
    expect(result.url).toBe(`/orders/${result.order.code}?key=${result.accessKey}`);
    expect(result.accessKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The url works: the API behind the order page answers with the same order.
    const page = await call<{ data: Order }>(app(), 'GET', `/api${result.url}`);
    expect(page.status).toBe(200);
    expect(page.body.data.code).toBe(result.order.code);
    expect(await eventsOf(db(), result.order.code)).toEqual([{ from: null, to: 'pending_approval', source: 'checkout' }]);
  });

  it('sends a sandbox order to the hosted payment page and leaves it awaiting payment', async () => {
    const result = await sandboxOrder();
    expect(result.order.status).toBe('awaiting_payment');
    expect(result.order.payment).toMatchObject({ method: 'sandbox', state: 'pending' });
    const sess = sessOf(result);
    expect(sess.length).toBeGreaterThanOrEqual(32);

    const page = await call<{ data: SandboxView }>(app(), 'GET', `/api/sandbox-pay/${sess}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual({
      amount: result.order.payment.price,
      currency: 'EUR',
      description: `#${result.order.code}`,
      state: 'open',
      returnUrl: `/?payment=sandbox&sess=${sess}`,
    });

    // Before the diner decides, the check reports pending and changes nothing.
    const before = await check(sess);
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body.data).toEqual({
      state: 'pending',
      order: { code: result.order.code, status: 'awaiting_payment', statusText: 'Wartet auf Zahlung' },
    });
    expect(await eventsOf(db(), result.order.code)).toHaveLength(1);
  });

  it('approves: the check finds the payment paid and the order waiting for the kitchen', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    const approved = await decide(sess, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data.state).toBe('approved');

    const res = await check(sess, 'sandbox', { 'accept-language': 'en' });
    expect(res.body.data).toEqual({
      state: 'paid',
      order: { code: result.order.code, status: 'pending_approval', statusText: 'Pending approval' },
    });
    const page = await orderPage(app(), result);
    expect(page.status).toBe('pending_approval');
    expect(page.payment.state).toBe('paid');
    expect(await eventsOf(db(), result.order.code)).toEqual([
      { from: null, to: 'awaiting_payment', source: 'checkout' },
      { from: 'awaiting_payment', to: 'pending_approval', source: 'payment:sandbox' },
    ]);

    // A second click on the hosted page changes nothing, whatever the button.
    expect((await decide(sess, 'decline')).body.data.state).toBe('approved');
    expect((await decide(sess, 'cancel')).body.data.state).toBe('approved');
    expect((await check(sess)).body.data.state).toBe('paid');
  });

  it('declines: payment failed, order payment_failed', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    expect((await decide(sess, 'decline')).body.data.state).toBe('declined');
    const res = await check(sess);
    expect(res.body.data).toEqual({
      state: 'failed',
      order: { code: result.order.code, status: 'payment_failed', statusText: 'Zahlung fehlgeschlagen' },
    });
    expect((await decide(sess, 'approve')).body.data.state).toBe('declined');
    expect((await check(sess)).body.data.state).toBe('failed');
    expect((await orderPage(app(), result)).payment.state).toBe('failed');
  });

  it('cancels: payment and order cancelled', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    expect((await decide(sess, 'cancel')).body.data.state).toBe('cancelled');
    const res = await check(sess);
    expect(res.body.data).toEqual({
      state: 'cancelled',
      order: { code: result.order.code, status: 'cancelled', statusText: 'Storniert' },
    });
  });

  it('counts a hosted page left open for over 30 minutes as cancelled, and refuses a late approval', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    await db()
      .update(t.sandboxPayments)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(t.sandboxPayments.session, sess));
    expect((await call<{ data: SandboxView }>(app(), 'GET', `/api/sandbox-pay/${sess}`)).body.data.state).toBe('cancelled');
    expect((await decide(sess, 'approve')).body.data.state).toBe('cancelled');
    const res = await check(sess);
    expect(res.body.data).toMatchObject({ state: 'cancelled', order: { status: 'cancelled' } });
    expect(await eventsOf(db(), result.order.code)).toHaveLength(2);
  });

  it('answers 404 to a forged session or the wrong provider, and 422 to a malformed one', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    const forged = randomBytes(24).toString('base64url');
    const notFound = { message: 'Diese Zahlung kennen wir nicht.' };

    for (const [s, payment] of [
      [forged, 'sandbox'],
      [sess, 'cash'],
      [sess, 'paypal'],
    ] as const) {
      const res = await check(s, payment);
      expect(res.status, `${payment} ${s}`).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect((await call(app(), 'GET', `/api/sandbox-pay/${forged}`)).status).toBe(404);
    const forgedDecision = await decide(forged, 'approve');
    expect(forgedDecision.status).toBe(404);
    expect(forgedDecision.body).toEqual(notFound);

    const malformed = [
      '/api/checkout/check?payment=sandbox&sess=short',
      `/api/checkout/check?payment=sandbox&sess=${'x'.repeat(129)}`,
      `/api/checkout/check?payment=sandbox&sess=${encodeURIComponent(`${sess}' or '1'='1`)}`,
      `/api/checkout/check?payment=Sandbox!&sess=${sess}`,
      `/api/checkout/check?sess=${sess}`,
      '/api/checkout/check?payment=sandbox',
      '/api/checkout/check',
    ];
    for (const url of malformed) {
      const res = await call<{ message: string; data: Record<string, string[]> }>(app(), 'GET', url);
      expect(res.status, url).toBe(422);
      expect(res.body.message).toBe('Validation Error');
      expect(Object.keys(res.body.data).length, url).toBeGreaterThan(0);
    }
    expect((await call(app(), 'GET', '/api/sandbox-pay/short')).status).toBe(422);
    expect((await decide(sess, 'refund')).status).toBe(422);
    // None of it touched the real payment.
    expect((await check(sess)).body.data.state).toBe('pending');
  });

  it('changes the status exactly once however often the check is replayed, in turn or at once', async () => {
    const one = await sandboxOrder();
    await decide(sessOf(one), 'approve');
    for (let i = 0; i < 10; i++) {
      const res = await check(sessOf(one));
      expect(res.body.data.state).toBe('paid');
      expect(res.body.data.order.status).toBe('pending_approval');
    }
    expect(await eventsOf(db(), one.order.code)).toEqual([
      { from: null, to: 'awaiting_payment', source: 'checkout' },
      { from: 'awaiting_payment', to: 'pending_approval', source: 'payment:sandbox' },
    ]);

    for (const action of ['approve', 'decline'] as const) {
      const result = await sandboxOrder();
      await decide(sessOf(result), action);
      const answers = await Promise.all(Array.from({ length: 10 }, () => check(sessOf(result))));
      const expected = action === 'approve' ? 'paid' : 'failed';
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(new Set(answers.map((a) => a.body.data.state))).toEqual(new Set([expected]));
      const events = await eventsOf(db(), result.order.code);
      expect(events, action).toHaveLength(2);
      expect(events.filter((e) => e.source === 'checkout')).toHaveLength(1);
      expect(events.filter((e) => e.source === 'payment:sandbox')).toHaveLength(1);
    }
  });

  it('leaves a cash order alone when its session is checked', async () => {
    const result = await placeOrder(app(), payload(cart()));
    const [payment] = await db()
      .select({ provider: t.payments.provider, session: t.payments.session })
      .from(t.payments)
      .innerJoin(t.orders, eq(t.orders.id, t.payments.orderId))
      .where(eq(t.orders.code, result.order.code));
    expect(payment?.provider).toBe('cash');
    const res = await check(payment?.session ?? '', 'cash');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'due', order: { code: result.order.code, status: 'pending_approval' } });
    expect(await eventsOf(db(), result.order.code)).toHaveLength(1);
  });

  it('ends the table session when a table order is paid online', async () => {
    await withWorkingHours(db(), ALL_WEEK, async () => {
      const grant = await call<{ data: TableSessionGrant }>(app(), 'GET', '/api/tables/T03-ZNB0-3RH6-48WA');
      expect(grant.status).toBe(200);
      const auth = { authorization: `Bearer ${grant.body.data.token}` };
      const tableOrder = (paymentType: string) =>
        checkout(app(), { items: cart(), deliverType: 'table', table: 'T03-ZNB0-3RH6-48WA', deliverAt: 'now', tip: 0, terms: true, paymentType }, { headers: auth });

      // Paying on site keeps the session open: the table orders again.
      placed(await tableOrder('cash'));
      const paidOnline = placed(await tableOrder('sandbox'));
      expect(paidOnline.order.table).toEqual({ code: 'T03-ZNB0-3RH6-48WA', name: 'Tisch 3' });
      // Still open until the payment is confirmed.
      placed(await tableOrder('cash'));

      await decide(sessOf(paidOnline), 'approve');
      expect((await check(sessOf(paidOnline))).body.data.state).toBe('paid');

      const after = await tableOrder('cash');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        message: 'Ihre Tisch-Sitzung ist abgelaufen. Bitte scannen Sie den QR-Code auf Ihrem Tisch erneut.',
      });
      // Scanning the table again starts a new session.
      const again = await call<{ data: TableSessionGrant }>(app(), 'GET', '/api/tables/T03-ZNB0-3RH6-48WA');
      const fresh = await checkout(
        app(),
        { items: cart(), deliverType: 'table', table: 'T03-ZNB0-3RH6-48WA', deliverAt: 'now', tip: 0, terms: true, paymentType: 'cash' },
        { headers: { authorization: `Bearer ${again.body.data.token}` } },
      );
      placed(fresh);
    });
  });

  it('keeps the table session when the online payment of a table order fails', async () => {
    await withWorkingHours(db(), ALL_WEEK, async () => {
      const grant = await call<{ data: TableSessionGrant }>(app(), 'GET', '/api/tables/T04-W8Q8-THGC-S75J');
      const auth = { authorization: `Bearer ${grant.body.data.token}` };
      const body = (paymentType: string) => ({ items: cart(), deliverType: 'table', table: 'T04-W8Q8-THGC-S75J', deliverAt: 'now', tip: 0, terms: true, paymentType });
      const declined = placed(await checkout(app(), body('sandbox'), { headers: auth }));
      await decide(sessOf(declined), 'decline');
      expect((await check(sessOf(declined))).body.data.state).toBe('failed');
      placed(await checkout(app(), body('cash'), { headers: auth }));
    });
  });

  it('settles a paid order when the provider reports it, even if the diner never comes back', async () => {
    const result = await sandboxOrder();
    expect((await decide(sessOf(result), 'approve')).status).toBe(200);
    // No return call: the provider's notification alone moved the order into the kitchen's queue.
    expect((await orderPage(app(), result)).status).toBe('pending_approval');
    expect((await eventsOf(db(), result.order.code)).map((e) => e.to)).toEqual(['awaiting_payment', 'pending_approval']);
    // The return still answers the truth, and changes nothing.
    expect((await check(sessOf(result))).body.data).toMatchObject({ state: 'paid', order: { status: 'pending_approval' } });
    expect(await eventsOf(db(), result.order.code)).toHaveLength(2);
  });

  it('cancels an abandoned card payment once its session has timed out', async () => {
    const result = await sandboxOrder();
    const sess = sessOf(result);
    // Nobody answered the hosted page for 31 minutes.
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await db().update(t.sandboxPayments).set({ createdAt: longAgo }).where(eq(t.sandboxPayments.session, sess));
    await db().update(t.payments).set({ createdAt: longAgo }).where(eq(t.payments.session, sess));
    const paid: number[] = [];
    expect(await settleStalePayments(db(), createPayments({ sandbox: true }), 30, (orderId: number) => paid.push(orderId))).toBeGreaterThanOrEqual(1);
    expect((await orderPage(app(), result)).status).toBe('cancelled');
    // A cancelled payment places nothing: no confirmation is due.
    expect(paid).toEqual([]);
    expect((await decide(sess, 'approve')).body.data.state).toBe('cancelled');
  });
});

