/**
 * Table sessions (a QR code on the table starts one; its token lets the diner order for that
 * table without guest details) and the private order page (`GET /api/orders/{code}`, opened by
 * the key in the link the checkout answered with).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { sha256 } from '../../src/server/orders/secrets';
import type { CheckoutResult, Order, TableSessionGrant } from '../../src/shared/contract/checkout';
import {
  ALL_WEEK,
  areaNamed,
  type Catalog,
  call,
  checkout,
  fieldErrors,
  GUEST,
  loadCatalog,
  menuLine,
  menuNamed,
  newKey,
  payload,
  placeOrder,
  placed,
  productLine,
  productNamed,
  setWorkingHours,
  withSetting,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const TABLE_UNKNOWN_DE = { message: 'Diesen Tisch-Code kennen wir nicht. Bitte fragen Sie unser Team.' };
const SESSION_ENDED_DE = { message: 'Ihre Tisch-Sitzung ist abgelaufen. Bitte scannen Sie den QR-Code auf Ihrem Tisch erneut.' };

describe.each(backends())('tables and the order page on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
    // Table diners order for now: keep the kitchen open around the clock for this block.
    await setWorkingHours(db(), ALL_WEEK);
  });

  const scan = (code: string, headers: Record<string, string> = {}) =>
    call<{ data: TableSessionGrant }>(app(), 'GET', `/api/tables/${code}`, { headers });

  async function tokenFor(code: string): Promise<string> {
    const res = await scan(code);
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  }

  const cart = () => [productLine(productNamed(catalog, 'Currywurst with fries')), productLine(productNamed(catalog, 'Draught pilsner'))];
  const tableBody = (table: string | undefined, extra: Record<string, unknown> = {}) => ({
    items: cart(),
    deliverType: 'table',
    ...(table === undefined ? {} : { table }),
    deliverAt: 'now',
    tip: 0,
    terms: true,
    paymentType: 'cash',
    ...extra,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('tables', () => {
    it('checks a table code and starts a session with a token', async () => {
      const before = Date.now();
      const res = await scan('T01-PN3D-71SD-V2QK');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data.table).toEqual({ code: 'T01-PN3D-71SD-V2QK', name: 'Tisch 1', seats: 2 });
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const expires = new Date(res.body.data.expiresAt).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 6 * 3_600_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000 + 1000);
      // Codes are read case-insensitively; every scan is a new session.
      const lower = await scan('t01-pn3d-71sd-v2qk');
      expect(lower.status).toBe(200);
      expect(lower.body.data.table.code).toBe('T01-PN3D-71SD-V2QK');
      expect(lower.body.data.token).not.toBe(res.body.data.token);
    });

    it('answers 404 to an unknown or disabled table and 422 to a malformed code', async () => {
      const unknown = await scan('T99-ZZZZ');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(TABLE_UNKNOWN_DE);
      const en = await scan('T99-ZZZZ', { 'accept-language': 'en' });
      expect(en.body).toEqual({ message: 'We do not know this table code. Please ask our staff.' });

      await db().update(t.diningTables).set({ active: false }).where(eq(t.diningTables.code, 'T12-5PEK-FC84-888V'));
      try {
        const disabled = await scan('T12-5PEK-FC84-888V');
        expect(disabled.status).toBe(404);
        expect(disabled.body).toEqual(TABLE_UNKNOWN_DE);
        expect((await call(app(), 'GET', '/api/tables/T12-5PEK-FC84-888V/qr.svg')).status).toBe(404);
      } finally {
        await db().update(t.diningTables).set({ active: true }).where(eq(t.diningTables.code, 'T12-5PEK-FC84-888V'));
      }
      expect((await scan('T12-5PEK-FC84-888V')).status).toBe(200);

      for (const code of ['T0', 'T01_8TYK', 'x'.repeat(61), '-T01', '%27%20or%201%3D1']) {
        const res = await call<{ message: string; data: Record<string, string[]> }>(app(), 'GET', `/api/tables/${code}`);
        expect(res.status, code).toBe(422);
        expect(res.body.message).toBe('Validation Error');
        expect(res.body.data).toHaveProperty('code');
      }
    });

    it('serves a table’s QR code as SVG', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/tables/T02-MD1M-VZTB-TTWD/qr.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/<svg[\s>]/);
      expect(res.body).toContain('</svg>');
      expect((await call(app(), 'GET', '/api/tables/T99-ZZZZ/qr.svg')).status).toBe(404);
      expect((await call(app(), 'GET', '/api/tables/T0/qr.svg')).status).toBe(422);
    });

    it('takes a table order with the session token and no guest details', async () => {
      const token = await tokenFor('T05-ZDVN-N4ZC-H7BC');
      const result = placed(await checkout(app(), tableBody('T05-ZDVN-N4ZC-H7BC'), { headers: bearer(token) }));
      expect(result.order).toMatchObject({
        status: 'pending_approval',
        deliverType: 'table',
        deliverAt: null,
        takeaway: false,
        table: { code: 'T05-ZDVN-N4ZC-H7BC', name: 'Tisch 5' },
        customer: { name: '', email: '', phone: '' },
        address: null,
      });
      expect(result.order.payment.deliver).toBe(0);
      // A lower-case code from a hand-typed link is the same table.
      placed(await checkout(app(), tableBody('t05-zdvn-n4zc-h7bc'), { headers: bearer(token) }));
      // Guest details a diner typed anyway are kept (and still checked).
      const named = placed(await checkout(app(), tableBody('T05-ZDVN-N4ZC-H7BC', GUEST), { headers: bearer(token) }));
      expect(named.order.customer).toEqual(GUEST);
      expect(fieldErrors(await checkout(app(), tableBody('T05-ZDVN-N4ZC-H7BC', { email: 'nope' }), { headers: bearer(token) }))).toHaveProperty('email');
    });

    it('takes table orders even when guest checkout is off', async () => {
      const token = await tokenFor('T06-MEWK-CMN2-PTZE');
      await withSetting(db(), 'ALLOW_GUEST_CHECKOUT', '', async () => {
        placed(await checkout(app(), tableBody('T06-MEWK-CMN2-PTZE'), { headers: bearer(token) }));
        expect((await checkout(app(), payload(cart()))).status).toBe(401);
      });
    });

    it('answers 401 to a table order without a valid session for that table', async () => {
      const mine = await tokenFor('T07-Y5HZ-G1TC-GNMA');
      const theirs = await tokenFor('T08-AW1D-19FT-K3XH');
      const cases: [string, Record<string, string>][] = [
        ['no token', {}],
        ['another table’s token', bearer(theirs)],
        ['a made-up token', bearer('x'.repeat(32))],
        ['not a bearer token', { authorization: `Basic ${mine}` }],
        ['an empty bearer', { authorization: 'Bearer ' }],
      ];
      for (const [name, headers] of cases) {
        const res = await checkout(app(), tableBody('T07-Y5HZ-G1TC-GNMA'), { headers });
        expect(res.status, name).toBe(401);
        expect(res.body, name).toEqual(SESSION_ENDED_DE);
      }
      const unknownTable = await checkout(app(), tableBody('T99-ZZZZ'), { headers: bearer(mine) });
      expect(unknownTable.status).toBe(401);
      // Without a table code there is nothing to check the token against.
      expect(fieldErrors(await checkout(app(), tableBody(undefined), { headers: bearer(mine) }))).toEqual({
        table: ['Bitte scannen Sie den QR-Code auf Ihrem Tisch, um am Tisch zu bestellen.'],
      });
      placed(await checkout(app(), tableBody('T07-Y5HZ-G1TC-GNMA'), { headers: bearer(mine) }));
    });

    it('ends a session when its table is disabled or the session expired', async () => {
      const token = await tokenFor('T09-QS59-8CNB-XDHN');
      await db().update(t.diningTables).set({ active: false }).where(eq(t.diningTables.code, 'T09-QS59-8CNB-XDHN'));
      try {
        expect((await checkout(app(), tableBody('T09-QS59-8CNB-XDHN'), { headers: bearer(token) })).status).toBe(401);
      } finally {
        await db().update(t.diningTables).set({ active: true }).where(eq(t.diningTables.code, 'T09-QS59-8CNB-XDHN'));
      }
      placed(await checkout(app(), tableBody('T09-QS59-8CNB-XDHN'), { headers: bearer(token) }));

      await db()
        .update(t.tableSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.tableSessions.tokenHash, sha256(token)));
      expect((await checkout(app(), tableBody('T09-QS59-8CNB-XDHN'), { headers: bearer(token) })).status).toBe(401);
    });

    it('does not replay a table order for another bearer under the same key', async () => {
      const key = newKey();
      const first = await tokenFor('T10-5V97-64RX-6RBC');
      const second = await tokenFor('T10-5V97-64RX-6RBC');
      const body = tableBody('T10-5V97-64RX-6RBC');
      placed(await checkout(app(), body, { key, headers: bearer(first) }));
      const other = await checkout(app(), body, { key, headers: bearer(second) });
      expect(fieldErrors(other)).toHaveProperty('idempotencyKey');
      const same = await checkout(app(), body, { key, headers: bearer(first) });
      expect(same.status).toBe(201);
      expect(same.headers['idempotent-replayed']).toBe('true');
    });
  });

  describe('the order page', () => {
    let result: CheckoutResult;

    beforeAll(async () => {
      const eppendorf = areaNamed(catalog, 'Eppendorf');
      result = await placeOrder(
        app(),
        payload([productLine(productNamed(catalog, 'Pizza Margherita'), { sizeIndex: 2, qty: 2 }), menuLine(menuNamed(catalog, 'Lunch menu'))], {
          deliverType: 'delivery',
          areaId: eppendorf.id,
          address: 'Eppendorfer Landstraße 1',
          extras: '3. Stock',
          notes: 'Bitte klingeln',
          tip: 2,
          issueInvoice: true,
        }),
      );
    });

    const page = (code: string, query = '', headers: Record<string, string> = {}) =>
      call<{ data: Order }>(app(), 'GET', `/api/orders/${code}${query}`, { headers });

    it('shows the order with the key from the link, as query or header', async () => {
      const res = await page(result.order.code, `?key=${result.accessKey}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const order = res.body.data;
      expect(order).toEqual(result.order);
      // Spec §3 "Order" fields.
      expect(order).toMatchObject({
        code: result.order.code,
        status: 'pending_approval',
        statusText: 'Wartet auf Bestätigung',
        deliverType: 'delivery',
        takeaway: false,
        issueInvoice: true,
        notes: 'Bitte klingeln',
        address: { area: 'Eppendorf', address: 'Eppendorfer Landstraße 1', zipcode: '20249', extras: '3. Stock' },
        customer: { name: GUEST.name, email: GUEST.email, phone: GUEST.phone },
      });
      expect(new Date(order.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
      expect(new Date(order.deliverAt ?? '').getTime()).toBeGreaterThan(Date.now());
      expect(order.items).toHaveLength(2);
      for (const item of order.items) {
        expect(Object.keys(item).sort()).toEqual(['again', 'codes', 'extras', 'menu', 'name', 'options', 'price', 'product', 'qty', 'size', 'type', 'unitPrice']);
      }
      expect(order.items[0]).toMatchObject({ type: 'productItem', product: 'Pizza Margherita', size: 'Familie 40 cm', qty: 2, menu: null, codes: expect.arrayContaining(['A']) });
      expect(order.items[0]?.options).toEqual([{ name: expect.any(String), values: [expect.any(String)] }]);
      expect(order.items[1]).toMatchObject({ type: 'menuItem', name: 'Mittagsmenü', product: null, qty: 1 });
      expect(order.items[1]?.menu?.map((s) => s.slot)).toEqual(['Suppe', 'Hauptgericht', 'Dessert']);
      expect(Object.keys(order.payment).sort()).toEqual(
        ['cartTotal', 'deliver', 'discount', 'method', 'methodName', 'price', 'state', 'tax', 'taxItems', 'tip'].sort(),
      );
      expect(order.payment).toMatchObject({ method: 'cash', deliver: 0, discount: 0, tax: 0, tip: 2 });
      expect(Math.round(order.payment.price * 100)).toBe(Math.round(order.payment.cartTotal * 100) + 200);
      for (const x of order.payment.taxItems) expect(Object.keys(x).sort()).toEqual(['amount', 'base', 'inclusive', 'name', 'value']);

      const byHeader = await page(result.order.code, '', { 'x-order-key': result.accessKey });
      expect(byHeader.status).toBe(200);
      expect(byHeader.body.data).toEqual(order);
      const lowerCode = await page(result.order.code.toLowerCase(), `?key=${result.accessKey}`);
      expect(lowerCode.status).toBe(200);
    });

    it('never shows the key or its hash', async () => {
      const res = await page(result.order.code, `?key=${result.accessKey}`);
      expect(res.text).not.toContain(result.accessKey);
      expect(res.text).not.toMatch(/accessKey|hash/i);
    });

    it('words the status in the reader’s language and keeps the names of the order’s', async () => {
      const res = await page(result.order.code, `?key=${result.accessKey}`, { 'accept-language': 'en' });
      expect(res.body.data.statusText).toBe('Pending approval');
      expect(res.body.data.payment.methodName).toBe('Pay on site');
      expect(res.body.data.items[1]?.name).toBe('Mittagsmenü');
    });

    it('answers 404, the same body every time, to a wrong key, no key or an unknown code', async () => {
      const other = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Bruschetta'))]));
      const notFound = { message: 'Diese Bestellung gibt es nicht.' };
      const attempts: [string, string, Record<string, string>][] = [
        ['no key', '', {}],
        ['empty key', '?key=', {}],
        ['wrong key', '?key=not-the-key', {}],
        ['another order’s key', `?key=${other.accessKey}`, {}],
        ['wrong header', '', { 'x-order-key': 'not-the-key' }],
        // The header wins over the query: a wrong header is not rescued by a right query.
        ['wrong header, right query', `?key=${result.accessKey}`, { 'x-order-key': 'not-the-key' }],
        // A repeated parameter is no key at all (it used to reach the hashing as an array: a 500).
        ['the key twice', `?key=${result.accessKey}&key=${result.accessKey}`, {}],
      ];
      for (const [name, query, headers] of attempts) {
        const res = await page(result.order.code, query, headers);
        expect(res.status, name).toBe(404);
        expect(res.body, name).toEqual(notFound);
      }
      const unknown = await page('ZZZZZZZZ', `?key=${result.accessKey}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(notFound);
      const en = await page('ZZZZZZZZ', '', { 'accept-language': 'en' });
      expect(en.body).toEqual({ message: 'This order does not exist.' });

      for (const code of ['ABC', 'ABC-1234', 'x'.repeat(17), '%27%20or%201%3D1']) {
        const res = await call<{ message: string }>(app(), 'GET', `/api/orders/${code}?key=${result.accessKey}`);
        expect(res.status, code).toBe(422);
        expect(res.body.message).toBe('Validation Error');
      }
    });
  });
});
