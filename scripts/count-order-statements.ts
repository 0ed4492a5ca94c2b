/**
 * `tsx scripts/count-order-statements.ts [pglite]`: what one order of the realistic mix costs, one
 * order at a time: SQL statements on PostgreSQL (BEGIN and COMMIT included, counted at
 * node-postgres' `Client.query`), and CPU milliseconds of this one process (server, client, and on
 * PGlite the database too). CPU per order holds up on a busy machine where orders/s do not.
 * Uses `BENCH_DATABASE_URL` or a throwaway database, like `bench:orders`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildLinePool, envInt, orderPayload, planBackends, postOrder, startServer } from './lib/order-load';

const ORDERS = envInt('COUNT_ORDERS', 100);
const texts = new Map<string, number>();
let counting = false;
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  if (counting) {
    statements++;
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    texts.set(key, (texts.get(key) ?? 0) + 1);
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const wanted = process.argv[2] === 'pglite' ? 'pglite' : 'postgres';
const plan = (await planBackends()).plans.find((p) => p.kind === wanted);
if (!plan) throw new Error(`no ${wanted} backend`);
const server = await startServer(plan);
try {
  const pool = await buildLinePool(server.origin);
  for (let n = 0; n < 50; n++) await postOrder(server.origin, orderPayload(pool, n), randomUUID());
  counting = true;
  const cpu = process.cpuUsage();
  let ok = 0;
  for (let n = 50; n < 50 + ORDERS; n++) {
    const outcome = await postOrder(server.origin, orderPayload(pool, n), randomUUID());
    if (outcome.kind === 'response' && outcome.status === 201) ok++;
  }
  counting = false;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / ORDERS;
  console.log(`[${wanted}] ${ok}/${ORDERS} orders created; ${(statements / ORDERS).toFixed(2)} statements and ${cpuMs.toFixed(2)} ms CPU per order`);
  for (const [text, n] of [...texts].sort((a, b) => b[1] - a[1])) console.log(`${(n / ORDERS).toFixed(2)}  ${text}`);
} finally {
  await server.close();
}
