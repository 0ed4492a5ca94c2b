/**
 * What a signed-in customer gets at checkout and afterwards: delivery to a saved address (fee and
 * minimum order from its area), details taken from the account, loyalty points spent at checkout
 * and earned or refunded when the kitchen completes or rejects the order (through the operator
 * API), the points history, their own orders, and guest orders joining the account. Ends with the
 * points race: many checkouts spending one balance at once.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/checkout';
import * as t from '../../src/server/db/schema';
import { toCents } from '../../src/shared/pricing';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import {
  accountPayload,
  type Customer,
  EN,
  eventually,
  ledgerOf,
  ledgerRowsOf,
  mailsTo,
  me,
  PHONE,
  profitCents,
  saveAddress,
  setProfit,
  signUp,
  sleep,
  transactions,
  uniqueEmail,
  withSetting,
} from './account-helpers';
import {
  areaNamed,
  type Catalog,
  call,
  checkout,
  fieldErrors,
  loadCatalog,
  newKey,
  orderCount,
  payload,
  placed,
  productLine,
  productNamed,
  type Reply,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OPERATOR_KEY = 'kitchen-key-for-the-loyalty-tests-0123456789';
const OPERATOR = { authorization: `Bearer ${OPERATOR_KEY}` };
const RACERS = 50;

describe.each(backends())('signed-in checkout, loyalty and my orders on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { operatorKey: OPERATOR_KEY, mailer });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  /** Kaiserschmarrn, 9.50 € each in the seed: 1 is below Eppendorf's 15 € minimum, 2 pay the 2 € fee, 4 deliver free. */
  const kaiserschmarrn = (qty: number) => [productLine(productNamed(catalog, 'Kaiserschmarrn'), { qty })];
  const order = (c: Customer, qty: number, overrides: Record<string, unknown> = {}, key?: string) =>
    checkout(app(), accountPayload(kaiserschmarrn(qty), overrides), { headers: { ...EN, ...c.headers }, key });
  const move = async (code: string, status: string): Promise<Reply<{ data: Order }>> =>
    call<{ data: Order }>(app(), 'PATCH', `/api/operator/orders/${code}`, { payload: { status }, headers: OPERATOR });
  const complete = async (code: string) => {
    expect((await move(code, 'approved')).status).toBe(200);
    const done = await move(code, 'completed');
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe('completed');
  };
  const eppendorfHome = (c: Customer) =>
    saveAddress(app(), c.token, { name: 'Home', areaId: areaNamed(catalog, 'Eppendorf').id, address: 'Eppendorfer Landstraße 10', extras: '3. OG' });
  const ordersOfUser = async (userId: number) => {
    const [row] = await db().select({ n: count() }).from(t.orders).where(eq(t.orders.userId, userId));
    return Number(row?.n ?? 0);
  };

  describe('delivery to a saved address', () => {
    it('charges the fee of the saved address’s area, free from its threshold, with name, e-mail and phone from the account', async () => {
      const c = await signUp(app(), { name: 'Dora Delivery' });
      const home = await eppendorfHome(c);

      // A forged areaId next to the saved address counts for nothing: Eimsbüttel would charge 3.50 €.
      const withFee = placed(await order(c, 2, { deliverType: 'delivery', addressId: home.id, areaId: areaNamed(catalog, 'Eimsbüttel').id }));
      expect(withFee.order.payment).toMatchObject({ cartTotal: 19, deliver: 2, discount: 0, price: 21 });
      expect(withFee.order.address).toEqual({ area: 'Eppendorf', address: 'Eppendorfer Landstraße 10', zipcode: '20249', extras: '3. OG' });
      expect(withFee.order.customer).toEqual({ name: 'Dora Delivery', email: c.email, phone: PHONE });
      expect(withFee.order.deliverType).toBe('delivery');

      const free = placed(await order(c, 4, { deliverType: 'delivery', addressId: home.id }));
      expect(free.order.payment).toMatchObject({ cartTotal: 38, deliver: 0, price: 38 });
    });

    it('refuses an order below the area’s minimum on addressId', async () => {
      const c = await signUp(app());
      const home = await eppendorfHome(c);
      const before = await orderCount(db());
      const res = await order(c, 1, { deliverType: 'delivery', addressId: home.id });
      expect(fieldErrors(res)).toEqual({ addressId: ['Add €5.50 to reach the minimum order of €15.00 for Eppendorf.'] });
      expect(await orderCount(db())).toBe(before);
    });

    it('refuses another customer’s address (422 on addressId) and a typed address instead of a saved one', async () => {
      const owner = await signUp(app());
      const theirs = await eppendorfHome(owner);
      const c = await signUp(app());
      const before = await orderCount(db());
      expect(fieldErrors(await order(c, 2, { deliverType: 'delivery', addressId: theirs.id }))).toEqual({
        addressId: ['Please choose one of your saved addresses.'],
      });
      expect(fieldErrors(await order(c, 2, { deliverType: 'delivery', addressId: 2_000_000 }))).toEqual({
        addressId: ['Please choose one of your saved addresses.'],
      });
      // A signed-in customer delivers to a saved address, not to one typed at checkout.
      expect(
        fieldErrors(await order(c, 2, { deliverType: 'delivery', areaId: areaNamed(catalog, 'Eppendorf').id, address: 'Eppendorfer Landstraße 10' })),
      ).toEqual({ addressId: ['This field is required.'] });
      expect(await orderCount(db())).toBe(before);
    });

    it('lets a signed-in customer check out when guest checkout is off', async () => {
      const c = await signUp(app());
      await withSetting(db(), 'ALLOW_GUEST_CHECKOUT', '', async () => {
        const guest = await checkout(app(), payload(kaiserschmarrn(1)), { headers: EN });
        expect(guest.status).toBe(401);
        expect(guest.body).toEqual({ message: 'Please log in to order.' });
        const mine = placed(await order(c, 1));
        expect(mine.order.customer.email).toBe(c.email);
      });
    });
  });

  describe('spending points', () => {
    it('takes the whole balance off when the cart is at least the balance plus 1 €, and records it', async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      expect((await me(app(), c.token)).body.data.profit).toBe(10);

      const result = placed(await order(c, 2, { useProfit: true }));
      expect(result.order.payment).toMatchObject({ cartTotal: 19, discount: 10, price: 9 });
      expect(await profitCents(db(), c.user.id)).toBe(0);
      expect((await me(app(), c.token)).body.data.profit).toBe(0);

      const spent = await ledgerRowsOf(db(), result.order.code, 'spent');
      expect(spent).toHaveLength(1);
      expect(spent[0]).toMatchObject({ userId: c.user.id, oldCents: 1000, amountCents: -1000, newCents: 0 });
      const history = await transactions(app(), c.token);
      expect(history.body.data).toEqual([
        { id: expect.any(Number), description: `Points used for order #${result.order.code}`, oldProfit: 10, amount: -10, newProfit: 0, date: expect.any(String) },
      ]);
    });

    it('ignores the points (discount 0, balance kept) when the cart is below the balance plus 1 €', async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      const result = placed(await order(c, 1, { useProfit: true }));
      expect(result.order.payment).toMatchObject({ cartTotal: 9.5, discount: 0, price: 9.5 });
      expect(await profitCents(db(), c.user.id)).toBe(1000);
      expect(await ledgerOf(db(), c.user.id)).toEqual([]);

      // The boundary: 9.50 € pays with 8.50 € of points, not with 8.51 €.
      await setProfit(db(), c.user.id, 851);
      expect(placed(await order(c, 1, { useProfit: true })).order.payment.discount).toBe(0);
      expect(await profitCents(db(), c.user.id)).toBe(851);
      await setProfit(db(), c.user.id, 850);
      const edge = placed(await order(c, 1, { useProfit: true }));
      expect(edge.order.payment).toMatchObject({ discount: 8.5, price: 1 });
      expect(await profitCents(db(), c.user.id)).toBe(0);

      // Without the box ticked the balance is not touched.
      await setProfit(db(), c.user.id, 500);
      expect(placed(await order(c, 2)).order.payment.discount).toBe(0);
      expect(await profitCents(db(), c.user.id)).toBe(500);
    });

    it('refuses points while the loyalty system is off', async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      await withSetting(db(), 'LOYALTY_SYSTEM', '', async () => {
        expect(fieldErrors(await order(c, 2, { useProfit: true }))).toEqual({ useProfit: ['Loyalty points cannot be used at the moment.'] });
      });
      expect(await profitCents(db(), c.user.id)).toBe(1000);
    });
  });

  describe('earning and refunds', () => {
    it('earns floor(5 % of the items after the discount) once, when the order is completed', async () => {
      const c = await signUp(app());
      const home = await eppendorfHome(c);

      // 9.50 €: 47.5 cents, rounded down.
      const small = placed(await order(c, 1));
      expect((await move(small.order.code, 'approved')).status).toBe(200);
      expect(await profitCents(db(), c.user.id)).toBe(0);
      await move(small.order.code, 'completed');
      expect(await profitCents(db(), c.user.id)).toBe(47);
      // Completing again, and again in parallel, earns nothing more.
      expect((await move(small.order.code, 'completed')).status).toBe(200);
      await Promise.all([move(small.order.code, 'completed'), move(small.order.code, 'completed')]);
      expect(await profitCents(db(), c.user.id)).toBe(47);
      expect(await ledgerRowsOf(db(), small.order.code, 'earned')).toHaveLength(1);

      // The delivery fee earns nothing: 19.00 € of food, 2.00 € fee → 95 cents.
      const delivered = placed(await order(c, 2, { deliverType: 'delivery', addressId: home.id }));
      await complete(delivered.order.code);
      expect(await profitCents(db(), c.user.id)).toBe(47 + 95);

      // Points spent earn nothing: 38.00 € − 1.42 € → 36.58 € → 182 cents.
      const discounted = placed(await order(c, 4, { useProfit: true }));
      expect(discounted.order.payment.discount).toBe(1.42);
      expect(await profitCents(db(), c.user.id)).toBe(0);
      // Two operators complete at once: one earning. The one that loses the race may be told the order changed meanwhile (409).
      expect((await move(discounted.order.code, 'approved')).status).toBe(200);
      const both = (await Promise.all([move(discounted.order.code, 'completed'), move(discounted.order.code, 'completed')])).map((r) => r.status);
      expect(both).toContain(200);
      for (const status of both) expect([200, 409]).toContain(status);
      expect(await profitCents(db(), c.user.id)).toBe(182);
      expect(await ledgerRowsOf(db(), discounted.order.code, 'earned')).toHaveLength(1);

      const history = await transactions(app(), c.token);
      expect(history.body.data[0]).toMatchObject({
        description: `Points earned with order #${discounted.order.code}`,
        oldProfit: 0,
        amount: 1.82,
        newProfit: 1.82,
      });
    });

    it('earns on drinks exactly as on dishes: one rule for every item, never the delivery fee', async () => {
      const c = await signUp(app());
      const home = await eppendorfHome(c);
      const schorle = productNamed(catalog, 'Apple spritzer');
      const lines = [...kaiserschmarrn(2), productLine(schorle, { qty: 2 })];
      const res = await checkout(app(), accountPayload(lines, { deliverType: 'delivery', addressId: home.id }), { headers: { ...EN, ...c.headers } });
      const done = placed(res);
      const drinks = 2 * toCents(schorle.sizes[0]?.price ?? 0);
      expect(drinks).toBeGreaterThan(0);
      await complete(done.order.code);
      // 2 × 9.50 € of food plus the drinks; the 2 € fee earns nothing.
      expect(await profitCents(db(), c.user.id)).toBe(Math.floor(((1900 + drinks) * 5) / 100));
    });

    it('earns nothing for a guest order or a rejected one', async () => {
      const c = await signUp(app());
      const guest = placed(await checkout(app(), payload(kaiserschmarrn(2), { email: c.email })));
      await complete(guest.order.code);
      const rejected = placed(await order(c, 2));
      expect((await move(rejected.order.code, 'rejected')).status).toBe(200);
      expect(await profitCents(db(), c.user.id)).toBe(0);
      expect(await ledgerOf(db(), c.user.id)).toEqual([]);
    });

    it('gives the points back once when an order that spent them is rejected', async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      const early = placed(await order(c, 2, { useProfit: true }));
      expect(await profitCents(db(), c.user.id)).toBe(0);
      expect((await move(early.order.code, 'rejected')).status).toBe(200);
      expect(await profitCents(db(), c.user.id)).toBe(1000);
      // Rejecting again, or twice at once, changes nothing.
      await Promise.all([move(early.order.code, 'rejected'), move(early.order.code, 'rejected')]);
      expect(await profitCents(db(), c.user.id)).toBe(1000);
      const refunds = await ledgerRowsOf(db(), early.order.code, 'refunded');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ oldCents: 0, amountCents: 1000, newCents: 1000 });

      // Rejected after approval: the same.
      const late = placed(await order(c, 2, { useProfit: true }));
      expect(await profitCents(db(), c.user.id)).toBe(0);
      await move(late.order.code, 'approved');
      await move(late.order.code, 'rejected');
      expect(await profitCents(db(), c.user.id)).toBe(1000);
      expect(await ledgerRowsOf(db(), late.order.code, 'refunded')).toHaveLength(1);
      // A rejected order cannot be completed afterwards to earn.
      expect((await move(late.order.code, 'completed')).status).toBe(422);
      expect(await ledgerRowsOf(db(), late.order.code, 'earned')).toEqual([]);

      const history = await transactions(app(), c.token);
      expect(history.body.data.map((x) => x.description)).toEqual([
        `Points returned for order #${late.order.code}`,
        `Points used for order #${late.order.code}`,
        `Points returned for order #${early.order.code}`,
        `Points used for order #${early.order.code}`,
      ]);
    });
  });

  describe('points history', () => {
    it('pages the history ten at a time, newest first', async () => {
      const c = await signUp(app());
      const empty = await transactions(app(), c.token);
      expect(empty.status).toBe(200);
      expect(empty.headers['cache-control']).toBe('no-store');
      expect(empty.body).toEqual({ data: [], meta: { pagination: { total: 0, current_page: 1, per_page: 10, total_pages: 1 } } });

      const codes: string[] = [];
      for (let i = 0; i < 11; i++) {
        const result = placed(await order(c, 1));
        await complete(result.order.code);
        codes.push(result.order.code);
      }
      expect(await profitCents(db(), c.user.id)).toBe(11 * 47);

      const first = await transactions(app(), c.token);
      expect(first.body.meta.pagination).toEqual({ total: 11, current_page: 1, per_page: 10, total_pages: 2 });
      expect(first.body.data).toHaveLength(10);
      expect(first.body.data[0]).toMatchObject({ description: `Points earned with order #${codes[10]}`, oldProfit: 4.7, amount: 0.47, newProfit: 5.17 });
      expect(first.body.data.map((x) => x.description)).toEqual(codes.slice(1).reverse().map((code) => `Points earned with order #${code}`));

      const second = await transactions(app(), c.token, 2);
      expect(second.body.meta.pagination).toEqual({ total: 11, current_page: 2, per_page: 10, total_pages: 2 });
      expect(second.body.data).toEqual([
        { id: expect.any(Number), description: `Points earned with order #${codes[0]}`, oldProfit: 0, amount: 0.47, newProfit: 0.47, date: expect.any(String) },
      ]);
      const beyond = await transactions(app(), c.token, 3);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta.pagination.current_page).toBe(3);

      for (const page of ['0', '-1', 'abc', '1.5']) {
        const res = await call(app(), 'GET', `/api/me/transactions?page=${page}`, { headers: { ...EN, ...c.headers } });
        expect(res.status, page).toBe(422);
      }
      expect((await call(app(), 'GET', '/api/me/transactions', { headers: EN })).status).toBe(401);
      // Someone else sees only their own history.
      const other = await signUp(app());
      expect((await transactions(app(), other.token)).body.meta.pagination.total).toBe(0);
    });
  });

  describe('my orders', () => {
    it('lists only the customer’s own orders, newest first, and 404s anyone else’s', async () => {
      const a = await signUp(app());
      const b = await signUp(app());
      const a1 = placed(await order(a, 1));
      const b1 = placed(await order(b, 1));
      const a2 = placed(await order(a, 2));
      const guest = placed(await checkout(app(), payload(kaiserschmarrn(1), { email: a.email })));

      const mine = await call<{ data: Order[] }>(app(), 'GET', '/api/me/orders', { headers: { ...EN, ...a.headers } });
      expect(mine.status).toBe(200);
      expect(mine.headers['cache-control']).toBe('no-store');
      expect(mine.body.data.map((o) => o.code)).toEqual([a2.order.code, a1.order.code]);
      expect(mine.body.data[1]).toEqual(a1.order);
      const theirs = await call<{ data: Order[] }>(app(), 'GET', '/api/me/orders', { headers: { ...EN, ...b.headers } });
      expect(theirs.body.data.map((o) => o.code)).toEqual([b1.order.code]);

      const one = await call<{ data: Order }>(app(), 'GET', `/api/me/orders/${a1.order.code.toLowerCase()}`, { headers: { ...EN, ...a.headers } });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(a1.order);
      for (const code of [b1.order.code, guest.order.code, 'ZZZZZZZZ']) {
        const res = await call(app(), 'GET', `/api/me/orders/${code}`, { headers: { ...EN, ...a.headers } });
        expect(res.status, code).toBe(404);
        expect(res.body).toEqual({ message: 'This order does not exist.' });
      }
      expect((await call(app(), 'GET', '/api/me/orders', { headers: EN })).status).toBe(401);
      expect((await call(app(), 'GET', `/api/me/orders/${a1.order.code}`, { headers: EN })).status).toBe(401);
    });

    it('attaches guest orders placed with the account’s e-mail and proven by their key, and no others', async () => {
      const c = await signUp(app());
      const stranger = await signUp(app());
      const own = placed(await checkout(app(), payload(kaiserschmarrn(1), { email: c.email.toUpperCase() })));
      const otherEmail = placed(await checkout(app(), payload(kaiserschmarrn(1), { email: uniqueEmail('someone') })));
      const wrongKey = placed(await checkout(app(), payload(kaiserschmarrn(1), { email: c.email })));
      const attach = (who: Customer, orders: { code: string; key: string }[]) =>
        call<{ data: { attached: string[] } }>(app(), 'POST', '/api/me/orders', { payload: { orders }, headers: { ...EN, ...who.headers } });

      // Someone else holding the key cannot take an order placed with this e-mail.
      expect((await attach(stranger, [{ code: own.order.code, key: own.accessKey }])).body).toEqual({ data: { attached: [] } });

      const res = await attach(c, [
        { code: own.order.code.toLowerCase(), key: own.accessKey },
        { code: otherEmail.order.code, key: otherEmail.accessKey },
        { code: wrongKey.order.code, key: own.accessKey },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: { attached: [own.order.code] } });
      const mine = await call<{ data: Order[] }>(app(), 'GET', '/api/me/orders', { headers: { ...EN, ...c.headers } });
      expect(mine.body.data.map((o) => o.code)).toEqual([own.order.code]);
      expect((await call(app(), 'GET', `/api/me/orders/${otherEmail.order.code}`, { headers: c.headers })).status).toBe(404);

      // Attaching again does nothing; an attached order cannot move to another account.
      expect((await attach(c, [{ code: own.order.code, key: own.accessKey }])).body).toEqual({ data: { attached: [] } });
      // With its own key the third one joins too.
      expect((await attach(c, [{ code: wrongKey.order.code, key: wrongKey.accessKey }])).body).toEqual({ data: { attached: [wrongKey.order.code] } });
      expect(await ordersOfUser(c.user.id)).toBe(2);
      expect(await ordersOfUser(stranger.user.id)).toBe(0);
      expect((await call(app(), 'POST', '/api/me/orders', { payload: { orders: [] }, headers: EN })).status).toBe(401);
    });
  });

  describe('order-received mail', () => {
    it('mails a guest once per order, not again on an idempotent replay', async () => {
      const email = uniqueEmail('guest');
      const body = payload(kaiserschmarrn(1), { email });
      const key = newKey();
      const first = placed(await checkout(app(), body, { key, headers: EN }));
      await eventually(() => mailsTo(mailer.sent, email).length > 0);
      const mails = mailsTo(mailer.sent, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Your order ${first.order.code} at Gasthaus Lindenhof`);
      expect(mails[0]?.text).toContain(`/orders/${first.order.code}?key=${first.accessKey}`);

      const replay = await checkout(app(), body, { key, headers: EN });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((replay.body as { data: { order: Order } }).data.order.code).toBe(first.order.code);
      await sleep(300);
      expect(mailsTo(mailer.sent, email)).toHaveLength(1);
    });

    it('mails a signed-in customer at the account’s address', async () => {
      const c = await signUp(app());
      const result = placed(await order(c, 1));
      await eventually(() => mailsTo(mailer.sent, c.email).some((m) => m.subject.includes(result.order.code)));
    });
  });

  describe('the points race', () => {
    it(`spends one balance once when ${RACERS} checkouts use it at the same time`, async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      // 2 × 9.50 € = 19 €, well above 10 € + 1 €: every racer would get the full 10 € off alone.
      const body = accountPayload(kaiserschmarrn(2), { useProfit: true });
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: RACERS }, () => checkout(app(), body, { key: newKey(), headers: { ...EN, ...c.headers } })),
      );
      const wallMs = Math.round(performance.now() - started);

      const won = answers.filter((r) => r.status === 201);
      const refused = answers.filter((r) => r.status === 422);
      const balance = await profitCents(db(), c.user.id);
      const spent = await db()
        .select()
        .from(t.loyaltyTransactions)
        .where(and(eq(t.loyaltyTransactions.userId, c.user.id), eq(t.loyaltyTransactions.kind, 'spent')));
      const statuses = answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
      console.log(
        `[points race on ${backend}] ${RACERS} checkouts in ${wallMs} ms: ${won.length} placed, ${refused.length} refused; ` +
          `statuses ${JSON.stringify(statuses)}; balance ${balance} cents; ${spent.length} 'spent' ledger row(s)`,
      );

      expect(won).toHaveLength(1);
      expect((won[0]?.body as { data: { order: Order } }).data.order.payment).toMatchObject({ cartTotal: 19, discount: 10, price: 9 });
      expect(refused).toHaveLength(RACERS - 1);
      for (const r of refused) {
        expect(r.body).toEqual({
          message: 'Validation Error',
          data: { useProfit: ['Your points balance has just changed. Please review your order and send it again.'] },
        });
      }
      expect(balance).toBe(0);
      expect(spent).toHaveLength(1);
      expect(spent[0]).toMatchObject({ oldCents: 1000, amountCents: -1000, newCents: 0 });
      // Nobody was charged in full for an order they asked to pay with points.
      expect(await ordersOfUser(c.user.id)).toBe(1);
    });

    it('answers a checkout that spends points and is sent several times at once under one key with its one order', async () => {
      const c = await signUp(app());
      await setProfit(db(), c.user.id, 1000);
      const body = accountPayload(kaiserschmarrn(2), { useProfit: true });
      const key = newKey();
      // A phone's outbox retrying over a flaky network: the copies wait on the first's points, then replay its answer.
      const answers = await Promise.all(Array.from({ length: 4 }, () => checkout(app(), body, { key, headers: { ...EN, ...c.headers } })));
      const codes = answers.map((r) => (r.status === 201 ? (r.body as { data: { order: Order } }).data.order.code : `status ${r.status}`));
      expect(new Set(codes).size, codes.join(', ')).toBe(1);
      expect(codes[0]).toMatch(/^[A-Z0-9]+$/);
      expect(await profitCents(db(), c.user.id)).toBe(0);
      expect(await ordersOfUser(c.user.id)).toBe(1);
    });
  });
});
