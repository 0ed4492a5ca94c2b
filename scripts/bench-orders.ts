/**
 * `npm run bench:orders [-- out.json]`: order throughput and latency of POST /api/checkout/v2
 * over real HTTP, per database backend (PGlite; PostgreSQL when reachable, see order-load.ts).
 *
 * Per backend: a fresh database, a warm-up, then BENCH_CLIENTS concurrent clients (default 10)
 * send BENCH_ORDERS orders (default 1000), each with its own Idempotency-Key. Afterwards the
 * orders table must hold exactly as many new orders as there were successful answers.
 * Prints a table, then the results as JSON (to stdout, or to the file named as the argument).
 * Exits non-zero when a request failed or the count does not match.
 *
 * The load generator runs in the server's process (and PGlite in it too), so the figures are
 * those of one Node process doing both; they compare backends, not machines.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import {
  buildLinePool,
  countOrdersSince,
  describePool,
  envInt,
  formatTable,
  orderPayload,
  percentile,
  planBackends,
  postOrder,
  startServer,
  type BackendPlan,
  type LinePool,
} from './lib/order-load';

const ORDERS = envInt('BENCH_ORDERS', 1000);
const WARMUP = envInt('BENCH_WARMUP', 50);
const CLIENTS = Math.max(1, envInt('BENCH_CLIENTS', 10));

interface LoadResult {
  ok: number;
  /** Failures by HTTP status or 'network'. */
  errors: Record<string, number>;
  errorSample: string | null;
  latenciesMs: number[];
  wallMs: number;
}

interface BackendReport {
  backend: string;
  orders: number;
  clients: number;
  created: number;
  errors: number;
  errorsByKind: Record<string, number>;
  errorSample: string | null;
  throughputPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  wallSec: number;
  warmup: { requested: number; created: number };
  ordersInDb: number;
  verified: boolean;
}

/**
 * `total` orders through `clients` workers that each take the next order number until none are
 * left: a closed loop, so concurrency stays at `clients` for the whole run.
 */
async function runLoad(origin: string, pool: LinePool, total: number, clients: number, firstOrder: number): Promise<LoadResult> {
  const result: LoadResult = { ok: 0, errors: {}, errorSample: null, latenciesMs: [], wallMs: 0 };
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = firstOrder + next++;
      const outcome = await postOrder(origin, orderPayload(pool, n), randomUUID());
      result.latenciesMs.push(outcome.ms);
      if (outcome.kind === 'response' && outcome.status === 201) {
        result.ok++;
        continue;
      }
      const kind = outcome.kind === 'network' ? 'network' : String(outcome.status);
      result.errors[kind] = (result.errors[kind] ?? 0) + 1;
      result.errorSample ??= outcome.kind === 'network' ? outcome.error : JSON.stringify(outcome.body).slice(0, 400);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, worker));
  result.wallMs = performance.now() - started;
  return result;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

async function benchBackend(plan: BackendPlan): Promise<BackendReport> {
  const server = await startServer(plan);
  try {
    const pool = await buildLinePool(server.origin);
    console.log(`[${server.kind}] serving on ${server.origin}; order mix from ${describePool(pool)}`);
    // Warm-up: JIT, connection pools, the catalog queries' plans. Its orders count in the DB check only.
    const warm = await runLoad(server.origin, pool, WARMUP, CLIENTS, 0);
    const load = await runLoad(server.origin, pool, ORDERS, CLIENTS, WARMUP);
    const ordersInDb = await countOrdersSince(server.database.db, server.baselineOrderId);

    const sorted = [...load.latenciesMs].sort((a, b) => a - b);
    const errors = Object.values(load.errors).reduce((a, b) => a + b, 0);
    const warmErrors = Object.values(warm.errors).reduce((a, b) => a + b, 0);
    if (warmErrors) console.log(`[${server.kind}] warm-up errors: ${JSON.stringify(warm.errors)} ${warm.errorSample ?? ''}`);
    return {
      backend: server.kind,
      orders: ORDERS,
      clients: CLIENTS,
      created: load.ok,
      errors,
      errorsByKind: load.errors,
      errorSample: load.errorSample,
      throughputPerSec: round(load.ok / (load.wallMs / 1000)),
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? NaN),
        mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
      },
      wallSec: round(load.wallMs / 1000, 2),
      warmup: { requested: WARMUP, created: warm.ok },
      ordersInDb,
      verified: ordersInDb === warm.ok + load.ok,
    };
  } finally {
    await server.close();
  }
}

function printTable(reports: BackendReport[]): void {
  const rows = [
    ['backend', 'orders', 'created', 'errors', 'orders/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'in DB', 'DB check'],
    ...reports.map((r) => [
      r.backend,
      String(r.orders),
      String(r.created),
      String(r.errors),
      r.throughputPerSec.toFixed(1),
      r.latencyMs.p50.toFixed(1),
      r.latencyMs.p95.toFixed(1),
      r.latencyMs.p99.toFixed(1),
      r.latencyMs.max.toFixed(1),
      String(r.ordersInDb),
      r.verified ? `ok (= ${r.warmup.created} warm-up + ${r.created})` : 'MISMATCH',
    ]),
  ];
  console.log(`\n${formatTable(rows)}\n`);
  for (const r of reports) {
    if (r.errors) console.log(`[${r.backend}] errors ${JSON.stringify(r.errorsByKind)}; first: ${r.errorSample ?? ''}`);
  }
}

async function main(): Promise<void> {
  const outFile = process.argv[2];
  const { plans, notes } = await planBackends();
  for (const note of notes) console.log(note);
  console.log(`${ORDERS} orders per backend after ${WARMUP} warm-up orders, ${CLIENTS} concurrent clients, keep-alive HTTP on 127.0.0.1.`);

  const reports: BackendReport[] = [];
  for (const plan of plans) reports.push(await benchBackend(plan));
  printTable(reports);

  const json = JSON.stringify({ node: process.version, notes, results: reports }, null, 2);
  if (outFile) {
    writeFileSync(outFile, `${json}\n`);
    console.log(`Results written to ${outFile}`);
  } else console.log(json);

  if (reports.some((r) => !r.verified || r.errors > 0)) process.exitCode = 1;
}

await main();
