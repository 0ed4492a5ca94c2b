/**
 * Live events over Server-Sent Events: the board hears new orders and changes without polling, a
 * reconnect with Last-Event-ID gets what it missed, the diner's stream carries only their order,
 * and open menus hear of sold-out dishes and pauses. On PostgreSQL, two server processes on one
 * database hear each other's orders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffSession } from '../../src/shared/contract/staff';
import { ensureOwner } from '../../src/server/staff/accounts';
import { openSse } from '../support/sse';
import { authHeaders } from './account-helpers';
import { ALL_WEEK, type Catalog, call, loadCatalog, payload, placeOrder, productLine, productNamed, setWorkingHours } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };

describe.each(backends())('live events on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let base: string;
  let token: string;
  let catalog: Catalog;
  const order = () => placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverAt: 'now', deliverDate: null }));

  beforeAll(async () => {
    await setWorkingHours(ctx().database.db, ALL_WEEK);
    await ensureOwner(ctx().database.db, OWNER.email, OWNER.password);
    catalog = await loadCatalog(app());
    token = (await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: OWNER })).body.data.token;
    base = await app().listen({ port: 0, host: '127.0.0.1' });
  });

  it('tells the board of a new order and each change, and a reconnect gets what it missed', async () => {
    const board = await openSse(`${base}/api/staff/events`, authHeaders(token));
    expect(board.status).toBe(200);
    const hello = await board.next((e) => e.event === 'hello');
    const first = await order();
    const placed = await board.next((e) => e.event === 'order' && e.data.includes(first.order.code), 2_000);
    expect(JSON.parse(placed.data)).toEqual({ type: 'order', code: first.order.code, status: 'pending_approval' });
    expect(Number(placed.id)).toBeGreaterThan(Number(hello.id));
    board.close();

    // Offline meanwhile: two changes happen; the reconnect names the last event it saw.
    await call(app(), 'POST', `/api/staff/orders/${first.order.code}/accept`, { headers: authHeaders(token), payload: { minutes: 10 } });
    const second = await order();
    const again = await openSse(`${base}/api/staff/events`, { ...authHeaders(token), 'last-event-id': String(placed.id) });
    const missed = await again.next((e) => e.data.includes(second.order.code), 2_000);
    const kinds = again.events.filter((e) => e.event === 'order').map((e) => JSON.parse(e.data) as { code: string; status: string });
    expect(kinds.slice(0, 2)).toEqual([
      { type: 'order', code: first.order.code, status: 'approved' },
      { type: 'order', code: second.order.code, status: 'pending_approval' },
    ]);
    expect(Number(missed.id)).toBeGreaterThan(Number(placed.id));
    again.close();
  });

  it('gives the diner only their own order, and only with its key', async () => {
    const mine = await order();
    const other = await order();
    const wrong = await openSse(`${base}/api/orders/${mine.order.code}/live`, { 'x-order-key': 'not-the-key' });
    expect(wrong.status).toBe(404);
    const diner = await openSse(`${base}/api/orders/${mine.order.code}/live`, { 'x-order-key': mine.accessKey });
    await diner.next((e) => e.event === 'hello');
    await call(app(), 'POST', `/api/staff/orders/${other.order.code}/accept`, { headers: authHeaders(token), payload: { minutes: 10 } });
    await call(app(), 'POST', `/api/staff/orders/${mine.order.code}/reject`, { headers: authHeaders(token), payload: { reason: 'busy' } });
    const rejected = await diner.next((e) => e.event === 'order', 2_000);
    expect(JSON.parse(rejected.data)).toEqual({ type: 'order', code: mine.order.code, status: 'rejected' });
    expect(diner.events.some((e) => e.data.includes(other.order.code))).toBe(false);
    diner.close();
  });

  it('tells open menus of sold-out dishes and pauses, and nothing of orders', async () => {
    const menu = await openSse(`${base}/api/live`);
    await menu.next((e) => e.event === 'hello');
    await order();
    const dish = productNamed(catalog, 'Kaiserschmarrn');
    await call(app(), 'POST', '/api/staff/sold-out', { headers: authHeaders(token), payload: { item: 'product', id: dish.id, until: 'manual' } });
    await menu.next((e) => e.event === 'availability', 2_000);
    await call(app(), 'DELETE', `/api/staff/sold-out/product/${dish.id}`, { headers: authHeaders(token) });
    await call(app(), 'POST', '/api/staff/pauses', { headers: authHeaders(token), payload: { scope: 'delivery', minutes: 15 } });
    await menu.next((e) => e.event === 'pause', 2_000);
    expect(menu.events.filter((e) => e.event === 'order')).toEqual([]);
    menu.close();
  });

  afterAll(async () => {
    // The harness closes the app; a listening app closes its streams first.
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      CLIENT_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one PostgreSQL database', () => {
  const name = `storefront_fanout_${process.pid}`;
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const servers: ChildProcess[] = [];
  let urlA = '';
  let urlB = '';

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const [a, b] = [await freePort(), await freePort()];
    // One after the other: the first migrates and seeds, the second finds both done.
    servers.push(await startServer(url.toString(), a));
    servers.push(await startServer(url.toString(), b));
    urlA = `http://127.0.0.1:${a}`;
    urlB = `http://127.0.0.1:${b}`;
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode === null ? once(s, 'exit') : Promise.resolve())));
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  // Whether the event crosses processes, not how fast: on a shared 2-core box a placement alone can
  // take seconds. The speed budget (median and p95) is `npm run bench:board`'s.
  it('a board on one process sees orders placed through the other', async () => {
    const xsrf = 'fanout-xsrf-token-0123456789abcdefghijkl';
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, ...headers },
        body: JSON.stringify(body),
      });
    const login = (await (await post(`${urlA}/api/staff/login`, OWNER)).json()) as { data: StaffSession };
    const board = await openSse(`${urlA}/api/staff/events`, authHeaders(login.data.token));
    await board.next((e) => e.event === 'hello');

    // Open around the clock through the operator-free way: a scheduled order needs no opening hours today.
    const products = (await (await fetch(`${urlB}/api/products/categories`)).json()) as { data: { id: number }[] };
    const category = products.data[0];
    const list = (await (await fetch(`${urlB}/api/products/categories/${category?.id}/products`)).json()) as {
      data: { id: number; sizes: { id: number }[]; variants: { required: boolean }[] }[];
    };
    const dish = list.data.find((p) => !p.variants.some((v) => v.required));
    if (!dish) throw new Error('no dish without required choices');
    for (let i = 0; i < 5; i++) {
      const res = await post(
        `${urlB}/api/checkout/v2`,
        payload([{ type: 'productItem', productId: dish.id, sizeId: dish.sizes[0]?.id, qty: 1, options: {}, extraIds: [] }]),
        { 'idempotency-key': `fanout-${process.pid}-${i}-0123456789` },
      );
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { order: { code: string } } };
      await board.next((e) => e.data.includes(data.order.code), 10_000);
    }
    board.close();
  });
});
