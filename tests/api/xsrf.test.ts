/**
 * Anti-forgery by double submit: the API hands out a readable `XSRF-TOKEN` cookie and every
 * state-changing call must echo it in `X-XSRF-TOKEN`. A call without the pair is refused with a
 * 403 before it does anything; the operator API (bearer key, no cookies) is exempt.
 */
import { connect } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressOut, User } from '../../src/shared/contract/account';
import type { Order } from '../../src/shared/contract/checkout';
import * as t from '../../src/server/db/schema';
import { authHeaders, EN, me, saveAddress, signUp, userRow } from './account-helpers';
import {
  areaNamed,
  type Catalog,
  call,
  loadCatalog,
  newKey,
  orderCount,
  payload,
  placeOrder,
  productLine,
  productNamed,
  XSRF_TOKEN,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OPERATOR_KEY = 'kitchen-key-for-the-xsrf-tests-0123456789';
const XSRF_REFUSAL = { message: 'Your session has expired. Please reload the page and try again.', code: 'xsrf' };
const OTHER_TOKEN = 'another-valid-looking-token-abcdefghijklmnopqrstuvwxyz';

/** What a forged or broken request carries instead of the matching pair. */
const BROKEN: [string, Record<string, string>][] = [
  ['neither cookie nor header', {}],
  ['a header that does not match the cookie', { cookie: `XSRF-TOKEN=${XSRF_TOKEN}`, 'x-xsrf-token': OTHER_TOKEN }],
  ['a header but no cookie', { 'x-xsrf-token': XSRF_TOKEN }],
  ['a cookie but no header', { cookie: `XSRF-TOKEN=${XSRF_TOKEN}` }],
  ['a matching pair that is too short to be ours', { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' }],
  ['the token in another cookie', { cookie: `OTHER=${XSRF_TOKEN}`, 'x-xsrf-token': XSRF_TOKEN }],
];
const PAIR = { cookie: `XSRF-TOKEN=${XSRF_TOKEN}`, 'x-xsrf-token': XSRF_TOKEN };

/** One raw HTTP/1.1 exchange, for request targets `inject` cannot send (absolute-form); returns the status code. */
function rawHttp(port: number, head: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

describe.each(backends())('XSRF protection on %s', (backend) => {
  const ctx = useTestApp(backend, { operatorKey: OPERATOR_KEY });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  /** A state-changing call with exactly these anti-forgery headers (none added by the helper). */
  const raw = <T = unknown>(method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, headers: Record<string, string>, body?: unknown) =>
    call<T>(app(), method, url, { xsrf: false, headers: { ...EN, ...headers }, payload: body });

  it('hands out an XSRF-TOKEN cookie on a GET without one: Path=/, SameSite=Lax, readable by scripts', async () => {
    const res = await call(app(), 'GET', '/api/settings');
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers).filter((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0] ?? '';
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,64};/);
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).not.toContain('httponly');

    // A browser that has the cookie keeps it: no new one, and the pair it makes is accepted.
    const value = /^XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
    const again = await call(app(), 'GET', '/api/settings', { headers: { cookie: `XSRF-TOKEN=${value}` } });
    expect(setCookies(again.headers).filter((c) => c.startsWith('XSRF-TOKEN='))).toEqual([]);
    const login = await raw('POST', '/api/login', { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value }, { email: 'x@example.org', password: 'whatever1' });
    expect(login.status).toBe(422);

    // Two browsers get two different tokens.
    const other = setCookies((await call(app(), 'GET', '/api/settings')).headers).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(other?.split(';')[0]).not.toBe(cookie.split(';')[0]);
  });

  it('refuses POST /api/login without the pair (403, code xsrf) and signs nobody in', async () => {
    const customer = await signUp(app());
    const tokensBefore = await db().select({ n: count() }).from(t.authTokens);
    for (const [what, headers] of BROKEN) {
      const res = await raw('POST', '/api/login', headers, { email: customer.email, password: customer.password });
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual(XSRF_REFUSAL);
    }
    expect(await db().select({ n: count() }).from(t.authTokens)).toEqual(tokensBefore);
    const ok = await raw('POST', '/api/login', PAIR, { email: customer.email, password: customer.password });
    expect(ok.status).toBe(200);
  });

  it('refuses POST /api/checkout/v2 without the pair and stores no order', async () => {
    const body = payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]);
    const before = await orderCount(db());
    for (const [what, headers] of BROKEN) {
      const res = await raw('POST', '/api/checkout/v2', { ...headers, 'idempotency-key': newKey() }, body);
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual(XSRF_REFUSAL);
    }
    expect(await orderCount(db())).toBe(before);
    // German unless the client asks otherwise.
    const german = await call<{ message: string }>(app(), 'POST', '/api/checkout/v2', { xsrf: false, payload: body, headers: { 'idempotency-key': newKey() } });
    expect(german.status).toBe(403);
    expect(german.body).toEqual({ message: 'Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.', code: 'xsrf' });
    expect(await orderCount(db())).toBe(before);

    const ok = await raw<{ data: { order: Order } }>('POST', '/api/checkout/v2', { ...PAIR, 'idempotency-key': newKey() }, body);
    expect(ok.status, ok.text).toBe(201);
    expect(await orderCount(db())).toBe(before + 1);
  });

  it('checks the path the router routes: percent-encoded and absolute-form targets are refused too', async () => {
    const body = payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]);
    const before = await orderCount(db());
    // The router decodes these to /api/checkout/v2; a check on the raw URL let them through.
    for (const url of ['/%61pi/checkout/v2', '/%61%70%69/checkout/v2', '/api/%63heckout/v2', '/%61pi/checkout/v2/']) {
      const res = await raw('POST', url, { 'idempotency-key': newKey() }, body);
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual(XSRF_REFUSAL);
    }
    // An absolute-form target (`POST http://host/api/...`) is routed by its path alone.
    await app().listen({ port: 0, host: '127.0.0.1' });
    const { port } = app().server.address() as { port: number };
    const customer = await signUp(app(), { name: 'Absolute Name' });
    const json = JSON.stringify(body);
    expect(await rawHttp(port, `POST http://evil.example/api/checkout/v2 HTTP/1.1\r\nIdempotency-Key: ${newKey()}`, json)).toBe(403);
    const change = JSON.stringify({ name: 'Forged Name', email: customer.email, phone: '+49 40 1111111' });
    expect(await rawHttp(port, `PUT http://evil.example/%61pi/me HTTP/1.1\r\nAuthorization: Bearer ${customer.token}`, change)).toBe(403);
    expect(await orderCount(db())).toBe(before);
    expect((await userRow(db(), customer.email)).name).toBe('Absolute Name');
    // The same spellings with the pair reach the endpoint: the 403s above were the check, not a 404.
    const ok = await raw('POST', '/%61pi/checkout/v2', { ...PAIR, 'idempotency-key': newKey() }, body);
    expect(ok.status, ok.text).toBe(201);
    expect(await orderCount(db())).toBe(before + 1);
  });

  it('refuses a state-changing call that no route takes, and still hands out the cookie', async () => {
    const res = await raw('POST', '/api/no-such-endpoint', {});
    expect(res.status).toBe(403);
    expect(setCookies(res.headers).some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    expect((await raw('POST', '/api/no-such-endpoint', PAIR)).status).toBe(404);
  });

  it('refuses PUT /api/me without the pair, even with a valid bearer token, and changes nothing', async () => {
    const customer = await signUp(app(), { name: 'Unchanged Name' });
    const change = { name: 'Forged Name', email: customer.email, phone: '+49 40 1111111' };
    for (const [what, headers] of [...BROKEN, ['a trailing slash', {}] as [string, Record<string, string>]]) {
      const url = what === 'a trailing slash' ? '/api/me/' : '/api/me';
      const res = await raw('PUT', url, { ...headers, ...customer.headers }, change);
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual(XSRF_REFUSAL);
    }
    expect((await me(app(), customer.token)).body.data).toMatchObject({ name: 'Unchanged Name' });
    expect((await userRow(db(), customer.email)).name).toBe('Unchanged Name');
    const ok = await raw<{ data: User }>('PUT', '/api/me', { ...PAIR, ...customer.headers }, change);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.name).toBe('Forged Name');
  });

  it('refuses DELETE /api/me/addresses/:id without the pair and keeps the address', async () => {
    const customer = await signUp(app());
    const address: AddressOut = await saveAddress(app(), customer.token, {
      name: 'Home',
      areaId: areaNamed(catalog, 'Eppendorf').id,
      address: 'Eppendorfer Landstraße 10',
    });
    for (const [what, headers] of BROKEN) {
      const res = await raw('DELETE', `/api/me/addresses/${address.id}`, { ...headers, ...customer.headers });
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual(XSRF_REFUSAL);
    }
    // Refused before anything else: even an id that does not exist gets the 403, not a 404.
    expect((await raw('DELETE', '/api/me/addresses/1', customer.headers)).status).toBe(403);
    expect(await db().select().from(t.addresses).where(eq(t.addresses.id, address.id))).toHaveLength(1);
    const ok = await raw('DELETE', `/api/me/addresses/${address.id}`, { ...PAIR, ...customer.headers });
    expect(ok.status, ok.text).toBe(200);
    expect(await db().select().from(t.addresses).where(eq(t.addresses.id, address.id))).toEqual([]);
  });

  it('lets safe methods through without the pair', async () => {
    const customer = await signUp(app());
    const res = await call(app(), 'GET', '/api/me', { headers: authHeaders(customer.token) });
    expect(res.status).toBe(200);
    const head = await app().inject({ method: 'HEAD', url: '/api/settings' });
    expect(head.statusCode).toBe(200);
  });

  it('exempts the operator API, which is called with a bearer key and no cookies', async () => {
    const order = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]));
    const operator = { authorization: `Bearer ${OPERATOR_KEY}` };
    const moved = await raw<{ data: Order }>('PATCH', `/api/operator/orders/${order.order.code}`, operator, { status: 'approved' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.status).toBe('approved');
    // Still closed to anyone without the key.
    const noKey = await raw('PATCH', `/api/operator/orders/${order.order.code}`, {}, { status: 'completed' });
    expect(noKey.status).toBe(401);
  });
});
