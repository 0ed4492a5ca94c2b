/**
 * `tsx scripts/count-order-statements.ts`: how many SQL statements one order of the realistic mix
 * costs on PostgreSQL (BEGIN and COMMIT included), counted at node-postgres' `Client.query`.
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

const plan = (await planBackends()).plans.find((p) => p.kind === 'postgres');
if (!plan) throw new Error('no PostgreSQL reachable');
const server = await startServer(plan);
try {
  const pool = await buildLinePool(server.origin);
  for (let n = 0; n < 20; n++) await postOrder(server.origin, orderPayload(pool, n), randomUUID());
  counting = true;
  let ok = 0;
  for (let n = 20; n < 20 + ORDERS; n++) {
    const outcome = await postOrder(server.origin, orderPayload(pool, n), randomUUID());
    if (outcome.kind === 'response' && outcome.status === 201) ok++;
  }
  counting = false;
  console.log(`${ok}/${ORDERS} orders created; ${(statements / ORDERS).toFixed(2)} statements per order`);
  for (const [text, n] of [...texts].sort((a, b) => b[1] - a[1])) console.log(`${(n / ORDERS).toFixed(2)}  ${text}`);
} finally {
  await server.close();
}
