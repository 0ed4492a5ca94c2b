/**
 * The kitchen's API (`/api/operator/*`): closed unless the server has an operator key, which
 * travels as a bearer token; lists orders and moves them along the allowed transitions, each
 * change recorded once in `order_events`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { statusText } from '../../src/server/i18n/messages';
import type { CheckoutResult, Order, OrderStatus } from '../../src/shared/contract/checkout';
import {
  type Catalog,
  call,
  eventsOf,
  loadCatalog,
  payload,
  placeOrder,
  productLine,
  productNamed,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OPERATOR_KEY = 'kitchen-key-for-the-api-tests-0123456789';
const AUTH = { authorization: `Bearer ${OPERATOR_KEY}` };

interface OrderWithEvents {
  data: Order;
  meta: { events: { from: OrderStatus | null; to: OrderStatus; source: string; at: string }[] };
}

describe.each(backends())('operator API on %s', (backend) => {
  const ctx = useTestApp(backend, { operatorKey: OPERATOR_KEY });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  const op = <T>(method: 'GET' | 'PATCH' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = AUTH) =>
    call<T>(app(), method, `/api/operator${url}`, { headers, payload: body });

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const cashOrder = () => placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]));
  const sandboxOrder = () => placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { paymentType: 'sandbox' }));
  const move = (code: string, status: string) => op<{ data: Order }>('PATCH', `/orders/${code}`, { status });

  it('is switched off without a key: 403 on every endpoint, with or without a token', async () => {
    const closed = await buildApp({ db: db() });
    try {
      for (const [method, url] of [
        ['GET', '/api/operator/orders'],
        ['GET', '/api/operator/orders/ABCD2345'],
        ['PATCH', '/api/operator/orders/ABCD2345'],
        ['GET', '/api/operator/tables'],
      ] as const) {
        for (const headers of [{}, AUTH, { authorization: 'Bearer ' }]) {
          const res = await call<{ message: string }>(closed, method, url, {
            headers,
            payload: method === 'PATCH' ? { status: 'approved' } : undefined,
          });
          expect(res.status, `${method} ${url}`).toBe(403);
          expect(res.body.message).toMatch(/OPERATOR_KEY/);
        }
      }
      // The rest of the API is unaffected.
      expect((await call(closed, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('answers 401 without the key or with a wrong one', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-key' },
      { authorization: `Bearer ${OPERATOR_KEY}x` },
      { authorization: `Basic ${OPERATOR_KEY}` },
      { authorization: OPERATOR_KEY },
      { authorization: 'Bearer ' },
    ];
    for (const headers of wrong) {
      const res = await op<{ message: string }>('GET', '/orders', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.message).toBe('Ein gültiger Betreiber-Schlüssel ist nötig.');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const patch = await op('PATCH', '/orders/ABCD2345', { status: 'approved' }, { authorization: 'Bearer nope' });
    expect(patch.status).toBe(401);
    expect((await op('GET', '/orders')).status).toBe(200);
  });

  it('lists orders newest first and filters them by status', async () => {
    const a: CheckoutResult = await cashOrder();
    const b: CheckoutResult = await sandboxOrder();
    const c: CheckoutResult = await cashOrder();

    const all = await op<{ data: Order[] }>('GET', '/orders');
    expect(all.status).toBe(200);
    const codes = all.body.data.map((o) => o.code);
    expect(codes.slice(0, 3)).toEqual([c.order.code, b.order.code, a.order.code]);
    // Operators see what the diner sees, customer details included.
    expect(all.body.data[0]).toEqual(c.order);

    const pending = await op<{ data: Order[] }>('GET', '/orders?status=pending_approval');
    expect(pending.body.data.every((o) => o.status === 'pending_approval')).toBe(true);
    expect(pending.body.data.map((o) => o.code)).toEqual(expect.arrayContaining([a.order.code, c.order.code]));
    expect(pending.body.data.map((o) => o.code)).not.toContain(b.order.code);
    const awaiting = await op<{ data: Order[] }>('GET', '/orders?status=awaiting_payment');
    expect(awaiting.body.data.map((o) => o.code)).toEqual([b.order.code]);
    const none = await op<{ data: Order[] }>('GET', '/orders?status=completed');
    expect(none.body.data).toEqual([]);

    const limited = await op<{ data: Order[] }>('GET', '/orders?limit=2');
    expect(limited.body.data.map((o) => o.code)).toEqual([c.order.code, b.order.code]);

    for (const query of ['?status=lost', '?limit=0', '?limit=201', '?limit=abc']) {
      const res = await op<{ message: string; data: Record<string, string[]> }>('GET', `/orders${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message).toBe('Validation Error');
    }
  });

  it('shows one order with its history, and 404s an unknown one', async () => {
    const result = await cashOrder();
    const res = await op<OrderWithEvents>('GET', `/orders/${result.order.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(result.order);
    expect(res.body.meta.events).toEqual([{ from: null, to: 'pending_approval', source: 'checkout', at: expect.any(String) }]);
    const lower = await op<OrderWithEvents>('GET', `/orders/${result.order.code.toLowerCase()}`);
    expect(lower.status).toBe(200);

    const unknown = await op<{ message: string }>('GET', '/orders/ZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Diese Bestellung gibt es nicht.' });
    expect((await op('GET', '/orders/no!')).status).toBe(422);
  });

  it('moves an order pending_approval → approved → completed and records each step once', async () => {
    const result = await cashOrder();
    const approved = await move(result.order.code, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ code: result.order.code, status: 'approved', statusText: 'Bestätigt' });

    // Setting the status it already has changes nothing and records nothing.
    expect((await move(result.order.code, 'approved')).status).toBe(200);

    const completed = await move(result.order.code, 'completed');
    expect(completed.body.data.status).toBe('completed');
    expect(await eventsOf(db(), result.order.code)).toEqual([
      { from: null, to: 'pending_approval', source: 'checkout' },
      { from: 'pending_approval', to: 'approved', source: 'operator' },
      { from: 'approved', to: 'completed', source: 'operator' },
    ]);
    const history = await op<OrderWithEvents>('GET', `/orders/${result.order.code}`);
    expect(history.body.meta.events.map((e) => e.to)).toEqual(['pending_approval', 'approved', 'completed']);

    // The diner's order page follows.
    const page = await call<{ data: Order }>(app(), 'GET', `/api/orders/${result.order.code}?key=${result.accessKey}`);
    expect(page.body.data.status).toBe('completed');
    const filtered = await op<{ data: Order[] }>('GET', '/orders?status=completed');
    expect(filtered.body.data.map((o) => o.code)).toContain(result.order.code);
  });

  it('rejects from pending_approval and from approved', async () => {
    const early = await cashOrder();
    expect((await move(early.order.code, 'rejected')).body.data.status).toBe('rejected');
    const late = await cashOrder();
    await move(late.order.code, 'approved');
    expect((await move(late.order.code, 'rejected')).body.data.status).toBe('rejected');
    expect((await eventsOf(db(), late.order.code)).map((e) => e.to)).toEqual(['pending_approval', 'approved', 'rejected']);
  });

  it('refuses transitions that are not allowed, with a 422 on status, and records nothing', async () => {
    const pending = await cashOrder();
    const done = await cashOrder();
    await move(done.order.code, 'approved');
    await move(done.order.code, 'completed');
    const unpaid = await sandboxOrder();

    const refused: [CheckoutResult, OrderStatus, OrderStatus][] = [
      [pending, 'pending_approval', 'completed'],
      [pending, 'pending_approval', 'awaiting_payment'],
      [pending, 'pending_approval', 'payment_failed'],
      [done, 'completed', 'approved'],
      [done, 'completed', 'rejected'],
      [done, 'completed', 'pending_approval'],
      // Payment outcomes move orders out of awaiting_payment, never the operator.
      [unpaid, 'awaiting_payment', 'approved'],
      [unpaid, 'awaiting_payment', 'pending_approval'],
      [unpaid, 'awaiting_payment', 'cancelled'],
    ];
    for (const [result, from, to] of refused) {
      const before = await eventsOf(db(), result.order.code);
      const res = await op<{ message: string; data: Record<string, string[]> }>(
        'PATCH',
        `/orders/${result.order.code}`,
        { status: to },
        { ...AUTH, 'accept-language': 'en' },
      );
      expect(res.status, `${from} → ${to}`).toBe(422);
      const said = `An order that is "${statusText(from, 'en')}" cannot become "${statusText(to, 'en')}".`;
      expect(res.body).toEqual({ message: 'Validation Error', data: { status: [said] } });
      expect(await eventsOf(db(), result.order.code)).toEqual(before);
    }

    for (const body of [{ status: 'eaten' }, {}, { status: null }]) {
      const res = await op<{ data: Record<string, string[]> }>('PATCH', `/orders/${pending.order.code}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data).toHaveProperty('status');
    }
    expect((await move('ZZZZZZZZ', 'approved')).status).toBe(404);
  });

  it('lists the active tables with their links and QR codes', async () => {
    const res = await op<{ data: { code: string; name: string; seats: number; link: string; qr: string }[] }>('GET', '/tables');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data[0]).toEqual({
      code: 'T01-PN3D-71SD-V2QK',
      name: 'Tisch 1',
      seats: 2,
      link: 'http://localhost:80/?table=T01-PN3D-71SD-V2QK',
      qr: '/api/tables/T01-PN3D-71SD-V2QK/qr.svg',
    });
  });

  it('sets and takes back the wording of a built-in text per language, which the storefront reads', async () => {
    const read = async (lang: string) => (await call<{ data: Record<string, string> }>(app(), 'GET', `/api/translations?lang=${lang}`)).body.data;
    const set = (lang: string, key: string, value: string) => op<{ data: unknown }>('PUT', `/translations/${lang}`, { key, value });

    expect((await set('de', 'Our menu', 'Unsere Karte heute')).status).toBe(200);
    expect((await set('de', 'Our menu', 'Unsere Speisekarte')).status).toBe(200);
    expect((await read('de'))['Our menu']).toBe('Unsere Speisekarte');
    expect((await read('en'))['Our menu']).toBeUndefined();

    // An empty value gives the built-in wording back.
    expect((await set('de', 'Our menu', ' ')).status).toBe(200);
    expect((await read('de'))['Our menu']).toBeUndefined();

    const unknown = await op<{ data: Record<string, string[]> }>('PUT', '/translations/xx', { key: 'Our menu', value: 'x' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data).toHaveProperty('lang');
    for (const body of [{}, { key: '', value: 'x' }, { key: 'Our menu' }, { key: 'a'.repeat(501), value: 'x' }, { key: ['Our menu'], value: 'x' }]) {
      const r = await op('PUT', '/translations/de', body);
      expect(r.status, JSON.stringify([body, r.body])).toBe(422);
    }
    expect((await op('PUT', '/translations/de', { key: 'Our menu', value: 'x' }, {})).status).toBe(401);
  });
});
