/**
 * Curbside: the car the diner describes at checkout (required there, hostile input refused with a
 * 422), and "I'm here" (`POST /orders/{code}/arrived`, or `/me/orders/{code}/arrived` for the
 * account's own order): authorised like the order page, idempotent, rate-limited, refused for
 * orders that are not curbside or already done, and heard live by the board and the diner.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, Order } from '../../src/shared/contract/checkout';
import type { AuditEntry, BoardOrder, StaffSession } from '../../src/shared/contract/staff';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { openSse } from '../support/sse';
import { accountPayload, authHeaders, signUp } from './account-helpers';
import {
  ALL_WEEK,
  type Catalog,
  call,
  checkout,
  fieldErrors,
  loadCatalog,
  orderPage,
  payload,
  placeOrder,
  productLine,
  productNamed,
  setWorkingHours,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
const CAR = 'rot, VW Golf, HH-AB 123';

describe.each(backends())('curbside arrival on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let staff: string;
  let base: string;

  const items = () => [productLine(productNamed(catalog, 'Kaiserschmarrn'))];
  const curbside = (overrides: Record<string, unknown> = {}) =>
    placeOrder(app(), payload(items(), { deliverType: 'curbside', car: CAR, deliverAt: 'now', deliverDate: null, ...overrides }));
  const board = (path: string, body?: unknown) =>
    call<{ data: BoardOrder }>(app(), 'POST', `/api/staff/orders${path}`, { headers: { ...authHeaders(staff), ...EN }, payload: body });
  const accept = async (code: string) => expect((await board(`/${code}/accept`, { minutes: 20 })).status).toBe(200);
  const arrive = (result: CheckoutResult, headers: Record<string, string> = {}) =>
    call<{ data: Order; message?: string }>(app(), 'POST', `/api/orders/${result.order.code}/arrived`, {
      headers: { 'x-order-key': result.accessKey, ...EN, ...headers },
    });
  const eventsFor = async (code: string) =>
    (await db().select().from(t.liveEvents).where(sql`${t.liveEvents.payload}->>'code' = ${code}`)).length;

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    await ensureOwner(db(), OWNER.email, OWNER.password);
    catalog = await loadCatalog(app());
    staff = (await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: OWNER })).body.data.token;
    base = await app().listen({ port: 0, host: '127.0.0.1' });
  });

  describe('the car at checkout', () => {
    it('is required for curbside, kept trimmed with the order, and shown to the diner and the board', async () => {
      const missing = await checkout(app(), payload(items(), { deliverType: 'curbside' }), { headers: EN });
      expect(fieldErrors(missing)).toEqual({ car: ['This field is required.'] });
      const blank = await checkout(app(), payload(items(), { deliverType: 'curbside', car: '   ' }), { headers: EN });
      expect(fieldErrors(blank)).toEqual({ car: ['This field is required.'] });

      const placed = await curbside({ car: `  ${CAR}  ` });
      expect(placed.order.car).toBe(CAR);
      expect((await orderPage(app(), placed)).car).toBe(CAR);
      const onBoard = await call<{ data: BoardOrder }>(app(), 'GET', `/api/staff/orders/${placed.order.code}`, { headers: authHeaders(staff) });
      expect(onBoard.body.data).toMatchObject({ car: CAR, arrivedAt: null, arrivalSeenAt: null });
    });

    it('is not kept for other kinds of order, which do not need it', async () => {
      const takeaway = await placeOrder(app(), payload(items(), { car: CAR }));
      expect(takeaway.order.car).toBe('');
    });

    it('refuses hostile input with a 422 on the field, never a 500', async () => {
      const cases: [unknown, string][] = [
        ['x'.repeat(81), 'This text is too long.'],
        ['rot\u0000', 'This text contains a character that is not allowed.'],
        ['\ud800 Golf', 'This text contains a character that is not allowed.'],
      ];
      for (const [car, message] of cases) {
        const res = await checkout(app(), payload(items(), { deliverType: 'curbside', car }), { headers: EN });
        expect(fieldErrors(res).car, JSON.stringify(car)).toEqual([message]);
      }
      for (const car of [{ $gt: '' }, ['rot'], { toString: 'x' }]) {
        const res = await checkout(app(), payload(items(), { deliverType: 'curbside', car }), { headers: EN });
        expect(Object.keys(fieldErrors(res)), JSON.stringify(car)).toEqual(['car']);
      }
      expect((await placeOrder(app(), payload(items(), { deliverType: 'curbside', car: 'x'.repeat(80) }))).order.car).toHaveLength(80);
    });
  });

  describe("I'm here", () => {
    it('answers only with the order key, like the order page, and needs the anti-forgery pair', async () => {
      const order = await curbside();
      await accept(order.order.code);
      expect((await arrive(order, { 'x-order-key': 'not-the-key' })).status).toBe(404);
      const keyless = await call(app(), 'POST', `/api/orders/${order.order.code}/arrived`, { headers: EN });
      expect(keyless.status).toBe(404);
      const forged = await call(app(), 'POST', `/api/orders/${order.order.code}/arrived`, { headers: { 'x-order-key': order.accessKey }, xsrf: false });
      expect(forged.status).toBe(403);
      expect((await orderPage(app(), order)).arrivedAt).toBeNull();
    });

    it('is refused before the restaurant accepts (409), and for orders that are not curbside (422)', async () => {
      const waiting = await curbside();
      const early = await arrive(waiting);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('The restaurant has not accepted your order yet. Please give us a call.');

      const takeaway = await placeOrder(app(), payload(items(), { deliverAt: 'now', deliverDate: null }));
      await accept(takeaway.order.code);
      expect(fieldErrors(await arrive(takeaway))).toEqual({ deliverType: ['"I\'m here" is only for curbside orders.'] });
      expect(await orderPage(app(), takeaway)).toMatchObject({ arrivedAt: null, car: '' });
    });

    it('records the arrival once and tells the board and the diner live; a second tap changes nothing and answers OK', async () => {
      const order = await curbside();
      const code = order.order.code;
      await accept(code);
      const boardStream = await openSse(`${base}/api/staff/events`, authHeaders(staff));
      const dinerStream = await openSse(`${base}/api/orders/${code}/live`, { 'x-order-key': order.accessKey });
      await boardStream.next((e) => e.event === 'hello');
      await dinerStream.next((e) => e.event === 'hello');
      const before = await eventsFor(code);

      const first = await arrive(order);
      expect(first.status, first.text).toBe(200);
      expect(first.body.data).toMatchObject({ code, status: 'approved', car: CAR, arrivalSeenAt: null });
      const arrivedAt = first.body.data.arrivedAt;
      expect(Date.parse(arrivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      // The event names the order, never the car or the diner: each reader reads the order through its own door.
      const heard = await boardStream.next((e) => e.event === 'order' && e.data.includes(code), 2_000);
      expect(JSON.parse(heard.data)).toEqual({ type: 'order', code, status: 'approved' });
      await dinerStream.next((e) => e.event === 'order', 2_000);
      expect(await eventsFor(code)).toBe(before + 1);

      const again = await arrive(order);
      expect(again.status).toBe(200);
      expect(again.body.data.arrivedAt).toBe(arrivedAt);
      expect(await eventsFor(code)).toBe(before + 1);
      expect((await orderPage(app(), order)).arrivedAt).toBe(arrivedAt);

      // The board sees who is outside, with the car, until someone goes out; "On our way" is heard by the diner too.
      const list = await call<{ data: BoardOrder[] }>(app(), 'GET', '/api/staff/orders', { headers: authHeaders(staff) });
      expect(list.body.data.find((o) => o.code === code)).toMatchObject({ arrivedAt, car: CAR, arrivalSeenAt: null });
      const seen = await board(`/${code}/arrival-seen`);
      expect(seen.status, seen.text).toBe(200);
      const seenAt = seen.body.data.arrivalSeenAt;
      expect(seenAt).not.toBeNull();
      await dinerStream.next(() => dinerStream.events.filter((e) => e.event === 'order').length >= 2, 2_000);
      expect((await orderPage(app(), order)).arrivalSeenAt).toBe(seenAt);
      // The first tap counts, on every board.
      expect((await board(`/${code}/arrival-seen`)).body.data.arrivalSeenAt).toBe(seenAt);
      expect(await eventsFor(code)).toBe(before + 2);
      const log = await call<{ data: AuditEntry[] }>(app(), 'GET', '/api/staff/audit', { headers: authHeaders(staff) });
      expect(log.body.data.filter((e) => e.subject === code && e.action === 'order.arrivalSeen')).toHaveLength(1);

      // Ready still takes an arrival's repeat; once handed over, "I'm here" is a 409.
      await board(`/${code}/ready`);
      expect((await arrive(order)).status).toBe(200);
      await board(`/${code}/complete`);
      const done = await arrive(order);
      expect(done.status).toBe(409);
      expect(done.body.message).toBe('This order is already finished.');
      boardStream.close();
      dinerStream.close();
    });

    it('takes an arrival while the order is ready, and refuses one for a rejected order', async () => {
      const ready = await curbside();
      await accept(ready.order.code);
      await board(`/${ready.order.code}/ready`);
      const res = await arrive(ready);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'ready' });
      expect(res.body.data.arrivedAt).not.toBeNull();

      const rejected = await curbside();
      await board(`/${rejected.order.code}/reject`, { reason: 'busy' });
      expect((await arrive(rejected)).status).toBe(409);
      const [row] = await db().select({ arrivedAt: t.orders.arrivedAt }).from(t.orders).where(eq(t.orders.code, rejected.order.code));
      expect(row?.arrivedAt).toBeNull();
    });

    it('lets the account that placed the order say it, and nobody else', async () => {
      const customer = await signUp(app());
      const stranger = await signUp(app());
      const placed = await placeOrder(
        app(),
        accountPayload(items(), { deliverType: 'curbside', car: CAR, deliverAt: 'now', deliverDate: null }),
        customer.headers,
      );
      const code = placed.order.code;
      await accept(code);
      const url = `/api/me/orders/${code}/arrived`;
      expect((await call(app(), 'POST', url, { headers: EN })).status).toBe(401);
      expect((await call(app(), 'POST', url, { headers: { ...EN, ...stranger.headers } })).status).toBe(404);

      expect((await openSse(`${base}/api/me/orders/${code}/live`, stranger.headers)).status).toBe(404);
      const mine = await openSse(`${base}/api/me/orders/${code}/live`, customer.headers);
      expect(mine.status).toBe(200);
      await mine.next((e) => e.event === 'hello');

      const res = await call<{ data: Order }>(app(), 'POST', url, { headers: { ...EN, ...customer.headers } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.arrivedAt).not.toBeNull();
      await mine.next((e) => e.event === 'order' && e.data.includes(code), 2_000);
      mine.close();
      const view = await call<{ data: Order }>(app(), 'GET', `/api/me/orders/${code}`, { headers: customer.headers });
      expect(view.body.data.arrivedAt).toBe(res.body.data.arrivedAt);
    });

    it('is rate-limited per order, with a wait the diner can act on', async () => {
      const order = await curbside();
      await accept(order.order.code);
      for (let i = 0; i < 10; i++) expect((await arrive(order)).status).toBe(200);
      const refused = await arrive(order);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^We already know\. Please wait \d+ minutes or give us a call\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another order from the same address is not held up by it.
      const other = await curbside();
      await accept(other.order.code);
      expect((await arrive(other)).status).toBe(200);
      const [row] = await db()
        .select({ count: t.rateLimits.count })
        .from(t.rateLimits)
        .where(and(eq(t.rateLimits.key, 'arrived:ip:127.0.0.1')));
      expect(row?.count).toBeGreaterThanOrEqual(12);
    });
  });
});
