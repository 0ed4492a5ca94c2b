/**
 * The restaurant's side (`/api/staff/*`): staff sign-in and roles, the board's actions with the
 * diner's view of them, pause and busy mode, sold-out switches at checkout, and the owner's log.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, Order } from '../../src/shared/contract/checkout';
import type { Availability, AuditEntry, BoardOrder, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders, signUp } from './account-helpers';
import {
  ALL_WEEK,
  type Catalog,
  call,
  checkout,
  fieldErrors,
  loadCatalog,
  nextOpenEvening,
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

describe.each(backends())('staff side on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let owner: string;

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const as = (token: string) => ({ ...authHeaders(token), ...EN });
  const staffCall = <T>(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: as(token), payload: body });
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@lindenhof.example`;
    const res = await staffCall<{ data: StaffMember }>(owner, 'POST', '/team', { name: `A ${role}`, email, role, password: 'staff-password-1' });
    expect(res.status, res.text).toBe(201);
    return { member: res.body.data, token: await login(email, 'staff-password-1') };
  };
  const cashNow = (name = 'Kaiserschmarrn', overrides: Record<string, unknown> = {}) =>
    placeOrder(app(), payload([productLine(productNamed(catalog, name))], { deliverAt: 'now', deliverDate: null, ...overrides }));

  beforeAll(async () => {
    // Open around the clock: "now" orders are possible whenever the suite runs.
    await setWorkingHours(db(), ALL_WEEK);
    expect(await ensureOwner(db(), OWNER.email, OWNER.password)).toBe('created');
    catalog = await loadCatalog(app());
    owner = await login(OWNER.email, OWNER.password);
  });

  it('creates the first owner once and never overwrites it', async () => {
    expect(await ensureOwner(db(), OWNER.email.toUpperCase(), 'a-different-password')).toBe('exists');
    await login(OWNER.email, OWNER.password);
    const wrong = await call(app(), 'POST', '/api/staff/login', { payload: { email: OWNER.email, password: 'a-different-password' } });
    expect(wrong.status).toBe(401);
  });

  it('keeps staff and customers apart: no customer or table token opens a staff endpoint', async () => {
    const customer = await signUp(app());
    const table = await call<{ data: { token: string } }>(app(), 'GET', '/api/tables/T05-ZDVN-N4ZC-H7BC');
    for (const headers of [{}, authHeaders(customer.token), authHeaders(table.body.data.token), authHeaders('nonsense')]) {
      for (const url of ['/api/staff/orders', '/api/staff/me', '/api/staff/availability', '/api/staff/team', '/api/staff/events']) {
        const res = await call(app(), 'GET', url, { headers });
        expect(res.status, `${url} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    // A staff member signing in with a customer's password gets nothing either.
    const res = await call(app(), 'POST', '/api/staff/login', { payload: { email: customer.email, password: customer.password } });
    expect(res.status).toBe(401);
    // And a staff token is no customer session.
    expect((await call(app(), 'GET', '/api/me', { headers: authHeaders(owner) })).status).toBe(401);
  });

  it('lets each role do its part and no more', async () => {
    const manager = await addStaff('manager');
    const service = await addStaff('service');
    const allowed = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      (await staffCall(token, method, url, body)).status;
    for (const token of [owner, manager.token, service.token]) {
      expect(await allowed(token, 'GET', '/orders')).toBe(200);
      expect(await allowed(token, 'GET', '/availability')).toBe(200);
      expect(await allowed(token, 'GET', '/tables')).toBe(200);
    }
    expect(await allowed(service.token, 'POST', '/pauses', { scope: 'delivery', minutes: 15 })).toBe(403);
    expect(await allowed(service.token, 'POST', '/busy', { minutes: 10 })).toBe(403);
    expect(await allowed(service.token, 'GET', '/team')).toBe(403);
    expect(await allowed(manager.token, 'GET', '/team')).toBe(403);
    expect(await allowed(manager.token, 'GET', '/audit')).toBe(403);
    expect(await allowed(manager.token, 'POST', '/team', { name: 'X', email: 'x@y.example', role: 'owner', password: 'longenough1' })).toBe(403);
    const pause = await staffCall<{ data: Availability }>(manager.token, 'POST', '/pauses', { scope: 'delivery', minutes: 15 });
    expect(pause.status).toBe(200);
    for (const p of pause.body.data.pauses) expect((await staffCall(manager.token, 'DELETE', `/pauses/${p.id}`)).status).toBe(200);
    // A disabled account is signed out at once.
    const off = await staffCall(owner, 'PATCH', `/team/${service.member.id}`, { active: false });
    expect(off.status, off.text).toBe(200);
    expect((await staffCall(service.token, 'GET', '/orders')).status).toBe(401);
    const relogin = await call(app(), 'POST', '/api/staff/login', { payload: { email: service.member.email, password: 'staff-password-1' } });
    expect(relogin.status).toBe(401);
  });

  it('refuses hostile staff input with 422 in the spec shape, never a 500', async () => {
    const bodies: [string, string, unknown][] = [
      ['POST', '/team', { name: 'X', email: 'not-an-email', role: 'owner', password: 'longenough1' }],
      ['POST', '/team', { name: 'X', email: 'a@example.org>', role: 'service', password: 'longenough1' }],
      ['POST', '/team', { name: 'X', email: 'a@b.example', role: 'chef', password: 'longenough1' }],
      ['POST', '/team', { name: 'X', email: 'a@b.example', role: 'service', password: 'short' }],
      ['POST', '/team', { __proto__: { role: 'owner' }, constructor: 'x' }],
      ['POST', '/team', { name: 'X\u0000', email: ['a@b.example'], role: 'service', password: 12 }],
      ['POST', '/pauses', { scope: 'moon', minutes: 15 }],
      ['POST', '/pauses', { scope: 'all', minutes: 17 }],
      ['POST', '/pauses', { scope: 'all' }],
      ['POST', '/busy', { minutes: 'lots' }],
      ['POST', '/sold-out', { item: 'product', id: 999999, until: 'manual' }],
      ['POST', '/sold-out', { item: 'table', id: 1, until: 'manual' }],
      ['POST', '/orders/ABCD2345/accept', { minutes: 0 }],
      ['POST', '/orders/ABCD2345/accept', { minutes: 9999 }],
      ['POST', '/orders/ABCD2345/reject', { reason: 'other' }],
      ['POST', '/orders/ABCD2345/reject', { reason: 'because' }],
    ];
    for (const [method, url, body] of bodies) {
      const res = await staffCall<{ message: string; data: Record<string, string[]> }>(owner, method as 'POST', url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.body.message).toBe('Validation Error');
    }
    // An address a mail server would refuse is a field error on the invite, as on every form.
    const angled = await staffCall(owner, 'POST', '/team', { name: 'X', email: 'a@example.org>', role: 'service', password: 'longenough1' });
    expect(Object.keys(fieldErrors(angled))).toEqual(['email']);
    // New staff passwords follow the customers' rule: no common or breached password, not the e-mail.
    for (const password of ['12345678', 'password1', '        ', 'new.cook@lindenhof.example']) {
      const weak = await staffCall(owner, 'POST', '/team', { name: 'Cook', email: 'new.cook@lindenhof.example', role: 'service', password });
      expect(Object.keys(fieldErrors(weak)), password).toEqual(['password']);
    }
    const self = await staffCall<{ data: StaffMember }>(owner, 'GET', '/me');
    const ownEmail = await staffCall(owner, 'PATCH', `/team/${self.body.data.id}`, { password: OWNER.email });
    expect(fieldErrors(ownEmail)).toEqual({ password: ["The password cannot be the account's e-mail address."] });
    // The checkout and the sign-in take the same care: prototype keys are dropped, never a 500.
    const poisoned = await checkout(app(), JSON.parse('{"constructor":"x","toString":1,"items":[{"valueOf":1,"hasOwnProperty":2}]}'));
    expect(poisoned.status, poisoned.text).toBe(422);
    expect((await staffCall(owner, 'GET', '/audit?toString=1&constructor=2')).status).toBe(200);
    // Fastify's parser itself refuses constructor.prototype, with a 400.
    expect((await checkout(app(), JSON.parse('{"items":[{"constructor":{"prototype":1}}]}'))).status).toBe(400);
    expect((await call(app(), 'POST', '/api/login', { payload: JSON.parse('{"constructor":"x"}') })).status).toBe(422);
    // PostgreSQL cannot store a NUL byte: it is a field error, wherever it is sent.
    const nul = await call<{ data: Record<string, string[]> }>(app(), 'POST', '/api/register', {
      payload: { name: 'Eve\u0000', email: 'eve@example.org', password: 'longenough1', password_confirmation: 'longenough1', terms: true },
      headers: EN,
    });
    expect(fieldErrors(nul)).toEqual({ name: ['This text contains a character that is not allowed.'] });
    const deep = JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`) as unknown;
    expect((await staffCall(owner, 'POST', '/busy', deep)).status).toBe(422);
    const same = await staffCall(owner, 'POST', '/team', { name: 'Twice', email: OWNER.email, role: 'service', password: 'longenough1' });
    expect(fieldErrors(same).email).toEqual(['A staff account with this e-mail address already exists.']);
    // The last owner cannot demote or disable themselves.
    const me = await staffCall<{ data: StaffMember }>(owner, 'GET', '/me');
    expect(fieldErrors(await staffCall(owner, 'PATCH', `/team/${me.body.data.id}`, { role: 'manager' })).role).toBeDefined();
    expect(fieldErrors(await staffCall(owner, 'PATCH', `/team/${me.body.data.id}`, { active: false })).active).toBeDefined();
  });

  it('accepts an order with a preparation time the diner sees, then ready and completed', async () => {
    const result = await cashNow();
    const board = await staffCall<{ data: BoardOrder[] }>(owner, 'GET', '/orders');
    const onBoard = board.body.data.find((o) => o.code === result.order.code);
    expect(onBoard).toMatchObject({ status: 'pending_approval', acknowledgedAt: null, promisedAt: null });
    expect(onBoard?.items[0]?.codes).toEqual(expect.arrayContaining(['A', 'C', 'G']));

    const before = Date.now();
    const accepted = await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${result.order.code}/accept`, { minutes: 20 });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data.status).toBe('approved');
    expect(accepted.body.data.prepMinutes).toBe(20);
    expect(accepted.body.data.acknowledgedAt).not.toBeNull();
    const promised = Date.parse(accepted.body.data.promisedAt ?? '');
    expect(promised - before).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
    expect(promised - before).toBeLessThan(21 * 60_000);

    const seen: Order = await orderPage(app(), result);
    expect(seen.status).toBe('approved');
    expect(seen.promisedAt).toBe(accepted.body.data.promisedAt);

    // Accepting twice is refused as a change made meanwhile (another tablet got there first), not as a forbidden move.
    expect((await staffCall(owner, 'POST', `/orders/${result.order.code}/accept`, { minutes: 10 })).status).toBe(409);
    expect((await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${result.order.code}/ready`)).body.data.status).toBe('ready');
    expect((await orderPage(app(), result)).statusText).toBe('Fertig');
    expect((await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${result.order.code}/complete`)).body.data.status).toBe('completed');
  });

  it('promises a scheduled order for its time, and busy mode adds minutes to an order for now', async () => {
    const later = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverDate: nextOpenEvening() }));
    const accepted = await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${later.order.code}/accept`, { minutes: 20 });
    expect(accepted.body.data.promisedAt).toBe(later.order.deliverAt);

    const busy = await staffCall<{ data: Availability }>(owner, 'POST', '/busy', { minutes: 15 });
    expect(busy.body.data.busy?.minutes).toBe(15);
    try {
      const now = await cashNow();
      const before = Date.now();
      const res = await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${now.order.code}/accept`, { minutes: 10 });
      const promised = Date.parse(res.body.data.promisedAt ?? '');
      expect(promised - before).toBeGreaterThanOrEqual(25 * 60_000 - 1000);
      expect(promised - before).toBeLessThan(26 * 60_000);
    } finally {
      const id = busy.body.data.busy?.id;
      expect((await staffCall<{ data: Availability }>(owner, 'DELETE', `/pauses/${id}`)).body.data.busy).toBeNull();
    }
  });

  it('rejects with a reason the diner reads, and gives a paid card payment back', async () => {
    const card = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { paymentType: 'sandbox' }));
    const session = new URL(card.url, 'http://x').pathname.split('/').pop() ?? '';
    expect((await call(app(), 'POST', `/api/sandbox-pay/${session}/approve`)).status).toBe(200);
    expect((await call(app(), 'GET', `/api/checkout/check?payment=sandbox&sess=${session}`)).status).toBe(200);
    expect((await orderPage(app(), card)).payment.state).toBe('paid');

    const res = await staffCall<{ data: BoardOrder }>(owner, 'POST', `/orders/${card.order.code}/reject`, { reason: 'sold_out', note: 'Kein Teig mehr.' });
    expect(res.status, res.text).toBe(200);
    const diner = await orderPage(app(), card);
    expect(diner.status).toBe('rejected');
    expect(diner.rejectReason).toBe('Etwas aus Ihrer Bestellung ist leider ausverkauft. Kein Teig mehr.');
    expect(diner.payment.state).toBe('refunded');
    const [ledger] = await db().select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, session));
    expect(ledger?.state).toBe('refunded');
    // Cash has nothing to give back.
    const cash = await cashNow();
    await staffCall(owner, 'POST', `/orders/${cash.order.code}/reject`, { reason: 'busy' });
    expect((await orderPage(app(), cash)).payment.state).not.toBe('refunded');
  });

  it('refuses checkouts while a channel is paused, lets later pre-orders through, and resumes on its own', async () => {
    const paused = await staffCall<{ data: Availability }>(owner, 'POST', '/pauses', { scope: 'pickup', minutes: 30 });
    expect(paused.body.data.pauses).toEqual([expect.objectContaining({ scope: 'pickup' })]);
    const publicView = await call<{ data: Availability }>(app(), 'GET', '/api/availability');
    expect(publicView.headers['cache-control']).toBe('no-store');
    expect(publicView.body.data.pauses.map((p) => p.scope)).toEqual(['pickup']);

    const items = [productLine(productNamed(catalog, 'Kaiserschmarrn'))];
    const refused = await checkout(app(), payload(items, { deliverAt: 'now', deliverDate: null }), { headers: EN });
    expect(fieldErrors(refused).deliverType?.[0]).toMatch(/^We are not taking online orders of this kind right now, until /);
    // Curbside is pickup too; a pre-order for after the pause goes through, and so does the table.
    const curbside = await checkout(app(), payload(items, { deliverType: 'curbside', car: 'grey Fiat 500', deliverAt: 'now', deliverDate: null }));
    expect(fieldErrors(curbside).deliverType).toBeDefined();
    await placeOrder(app(), payload(items));
    const table = await call<{ data: { token: string } }>(app(), 'GET', '/api/tables/T03-ZNB0-3RH6-48WA');
    const atTable = await checkout(app(), payload(items, { deliverType: 'table', table: 'T03-ZNB0-3RH6-48WA', deliverAt: 'now', deliverDate: null, name: '', email: '', phone: '' }), {
      headers: authHeaders(table.body.data.token),
    });
    expect(atTable.status, atTable.text).toBe(201);

    // A pause for the whole restaurant blocks every channel; when its time is up, ordering resumes by itself.
    await staffCall(owner, 'POST', '/pauses', { scope: 'all', minutes: 15 });
    const delivery = await checkout(app(), payload(items, { deliverAt: 'now', deliverDate: null, deliverType: 'takeaway' }));
    expect(fieldErrors(delivery).deliverType).toBeDefined();
    await db().update(t.pauses).set({ endsAt: new Date(Date.now() - 1000) });
    expect((await call<{ data: Availability }>(app(), 'GET', '/api/availability')).body.data.pauses).toEqual([]);
    await cashNow();
  });

  it('refuses sold-out dishes, options and extras by name, but not in pre-orders for another day', async () => {
    const dish = productNamed(catalog, 'Kaiserschmarrn');
    const marked = await staffCall<{ data: Availability }>(owner, 'POST', '/sold-out', { item: 'product', id: dish.id, until: 'end_of_day' });
    expect(marked.status, marked.text).toBe(200);
    const record = marked.body.data.soldOut.find((s) => s.item === 'product' && s.id === dish.id);
    expect(record?.endsAt).not.toBeNull();
    expect((await call<{ data: Availability }>(app(), 'GET', '/api/availability')).body.data.soldOut).toContainEqual(record);

    const now = await checkout(app(), payload([productLine(productNamed(catalog, 'Red berry compote')), productLine(dish)], { deliverAt: 'now', deliverDate: null }), {
      headers: EN,
    });
    expect(fieldErrors(now)).toEqual({ 'items[1]': ['Sold out: Kaiserschmarrn. Please remove it from your cart or choose something else.'] });
    // "Sold out today" ends with the service day: a pre-order for another day goes through.
    await db().update(t.soldOut).set({ endsAt: new Date(Date.now() + 3_600_000) });
    await placeOrder(app(), payload([productLine(dish)], { deliverDate: nextOpenEvening() }));

    // Until turned back on: it blocks pre-orders too, until someone switches it back.
    await staffCall(owner, 'POST', '/sold-out', { item: 'product', id: dish.id, until: 'manual' });
    expect(fieldErrors(await checkout(app(), payload([productLine(dish)])))['items[0]']).toBeDefined();
    const cleared = await staffCall<{ data: Availability }>(owner, 'DELETE', `/sold-out/product/${dish.id}`);
    expect(cleared.body.data.soldOut.filter((s) => s.item === 'product' && s.id === dish.id)).toEqual([]);
    await placeOrder(app(), payload([productLine(dish)]));

    // An extra chosen on a dish.
    const withExtras = catalog.products.find((p) => p.extras.length > 0);
    if (!withExtras) throw new Error('the seed has a dish with extras');
    const extra = withExtras.extras[0];
    if (!extra) throw new Error('no extra');
    await staffCall(owner, 'POST', '/sold-out', { item: 'extra', id: extra.id, until: 'manual' });
    const line = { ...productLine(withExtras), extraIds: [extra.id] };
    expect(fieldErrors(await checkout(app(), payload([line]), { headers: EN }))['items[0]']).toEqual([
      `Sold out: ${extra.name}. Please remove it from your cart or choose something else.`,
    ]);
    await placeOrder(app(), payload([productLine(withExtras)]));
    await staffCall(owner, 'DELETE', `/sold-out/extra/${extra.id}`);
  });

  it('records every status change, pause and switch with who did it, for the owner to read', async () => {
    const manager = await addStaff('manager');
    const order: CheckoutResult = await cashNow();
    await staffCall(manager.token, 'POST', `/orders/${order.order.code}/ack`);
    await staffCall(manager.token, 'POST', `/orders/${order.order.code}/accept`, { minutes: 30 });
    const pause = await staffCall<{ data: Availability }>(manager.token, 'POST', '/pauses', { scope: 'table', until: 'end_of_day' });
    const p = pause.body.data.pauses.find((x) => x.scope === 'table');
    expect(p && Date.parse(p.endsAt)).toBeGreaterThan(Date.now());
    await staffCall(manager.token, 'DELETE', `/pauses/${p?.id}`);

    const log = await staffCall<{ data: AuditEntry[] }>(owner, 'GET', '/audit?limit=10');
    expect(log.status).toBe(200);
    const mine = log.body.data.filter((e) => e.actor === manager.member.name).map((e) => [e.action, e.subject]);
    expect(mine).toEqual([
      ['pause.end', 'table'],
      ['pause.start', 'table'],
      ['order.approved', order.order.code],
      ['order.ack', order.order.code],
    ]);
    expect(log.body.data.some((e) => e.action === 'staff.create' && e.actor === 'Owner')).toBe(true);
  });
});
