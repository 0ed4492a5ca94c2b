/**
 * `npm run bench:board`: how long from an order being placed until it is on the staff board.
 *
 * Per backend (PGlite; PostgreSQL when reachable, see order-load.ts): the real app serves on a
 * free port; a staff board follows `/api/staff/events`; BENCH_BOARD_ORDERS orders (default 50) are
 * placed one after another. For each, two times from just before the POST: the board's event
 * arriving, and the board's list (`GET /api/staff/orders`, which the board reads on each event)
 * holding the order. On PostgreSQL the orders go to a second app on its own connections, so the
 * event crosses LISTEN/NOTIFY between two servers. Prints medians and p95.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { ensureOwner } from '../src/server/staff/accounts';
import { openSse } from '../tests/support/sse';
import { buildLinePool, envInt, LOAD_ORDER_LIMITS, formatTable, orderCodeOf, orderPayload, percentile, planBackends, postOrder, startServer } from './lib/order-load';

const ORDERS = envInt('BENCH_BOARD_ORDERS', 50);
const OWNER = { email: 'bench-owner@lindenhof.example', password: 'bench-owner-password' };
const XSRF = 'bench-board-xsrf-token-0123456789abcdefgh';

const { plans, notes } = await planBackends();
for (const note of notes) console.log(note);
const rows: string[][] = [['backend', 'orders', 'event p50', 'event p95', 'on board p50', 'on board p95', 'max']];
let failed = false;

for (const plan of plans) {
  const server = await startServer(plan);
  let second: { close(): Promise<void>; origin: string } | undefined;
  try {
    await ensureOwner(server.database.db, OWNER.email, OWNER.password);
    let placeAt = server.origin;
    if (server.databaseUrl) {
      // A second server on the same database: its own pool and its own LISTEN connection.
      const url = server.databaseUrl;
      {
        const db2 = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
        const app2 = await buildApp({ db: db2.db, listen: db2.listen, orderLimits: LOAD_ORDER_LIMITS });
        const origin = await app2.listen({ port: 0, host: '127.0.0.1' });
        second = { origin, close: async () => (await app2.close(), await db2.close()) };
        placeAt = origin;
      }
    }
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
    const login = await fetch(`${server.origin}/api/staff/login`, { method: 'POST', headers, body: JSON.stringify(OWNER) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const board = await openSse(`${server.origin}/api/staff/events`, auth);
    await board.next((e) => e.event === 'hello');
    const pool = await buildLinePool(server.origin);
    const eventMs: number[] = [];
    const listMs: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const started = performance.now();
      const outcome = await postOrder(placeAt, orderPayload(pool, i), randomUUID());
      const code = outcome.kind === 'response' && outcome.status === 201 ? orderCodeOf(outcome.body) : null;
      if (!code) throw new Error(`order ${i} failed: ${JSON.stringify(outcome).slice(0, 300)}`);
      const heard = await board.next((e) => e.event === 'order' && e.data.includes(code), 10_000);
      eventMs.push(heard.at - started);
      const list = (await (await fetch(`${server.origin}/api/staff/orders`, { headers: auth })).json()) as { data: { code: string }[] };
      if (!list.data.some((o) => o.code === code)) throw new Error(`order ${code} not on the board list`);
      listMs.push(performance.now() - started);
    }
    board.close();
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const [ev, li] = [sorted(eventMs), sorted(listMs)];
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    rows.push([
      plan.kind === 'postgres' && second ? 'PostgreSQL (2 servers)' : plan.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      String(ORDERS),
      ms(percentile(ev, 50)),
      ms(percentile(ev, 95)),
      ms(percentile(li, 50)),
      ms(percentile(li, 95)),
      ms(li[li.length - 1] ?? 0),
    ]);
    if ((li[li.length - 1] ?? 0) > 2_000) failed = true;
  } finally {
    await second?.close();
    await server.close();
  }
}
console.log(formatTable(rows));
if (failed) {
  console.error('An order took longer than 2 s to reach the board.');
  process.exit(1);
}
