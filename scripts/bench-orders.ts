/**
 * `npm run bench:orders [-- out.json]`: order creation (POST /api/checkout/v2) against a minimal
 * idempotent order route on the same stack, in the same run, with the same load generator.
 *
 * Per backend (PGlite on a fresh DATA_DIR; PostgreSQL on a throwaway database when
 * BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres, answers):
 * - the product runs as its own process from its real entry point (BENCH_SERVER_CMD, default
 *   `node dist-server/serve.js`, this checkout's built afresh, in BENCH_SERVER_DIR, default this checkout), and the
 *   reference (scripts/lib/bench-reference-server.ts) as another, on its own table;
 * - the load generator (scripts/lib/bench-load-generator.ts) is a third process: BENCH_CLIENTS
 *   (10) keep-alive clients, each order with its own Idempotency-Key, the realistic order mix
 *   (options, extras, combo menus) built from the product's catalog API;
 * - a warm-up (BENCH_WARMUP orders) on each side, then BENCH_RUNS (3) runs of BENCH_ORDERS (2000)
 *   orders (or BENCH_RUN_SECONDS, 20, whichever ends first), interleaved product, reference, product, reference…; medians are reported;
 * - per run: orders/s, p50/p95/p99/max latency, the server process's CPU time per order
 *   (/proc/<pid>/stat utime+stime, its children included) and, on PostgreSQL, statements per
 *   order (node-postgres queries the server sent, BEGIN and COMMIT included);
 * - afterwards each orders table must hold exactly the orders answered 201: the same codes, none
 *   missing, none twice.
 * Prints a side-by-side table and PASS/FAIL lines for the goals; writes JSON to the file argument.
 * Exits non-zero only when a request failed or the stored orders do not match the answers.
 */
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoadResult, LoadSpec } from './lib/bench-load-generator';
import type { ServerProcess } from './lib/bench-processes';
import {
  behind,
  median,
  openRaw,
  postgresProblem,
  prepareStorage,
  productCommand,
  REPO_ROOT,
  round,
  startProduct,
  startReference,
  type BackendKind,
  type Storage,
} from './lib/bench-servers';
import { buildLinePool, describePool, envInt, formatTable, orderPayload, percentile, type LinePool } from './lib/order-load';

const ORDERS = Math.max(1, envInt('BENCH_ORDERS', 2000));
const RUNS = Math.max(1, envInt('BENCH_RUNS', 3));
const WARMUP = envInt('BENCH_WARMUP', 200);
const CLIENTS = Math.max(1, envInt('BENCH_CLIENTS', 10));
/** A run also ends after this many seconds, so a slow server (or a loaded machine) keeps the bench short. */
const RUN_SECONDS = envInt('BENCH_RUN_SECONDS', 20);
const GENERATOR = resolve(import.meta.dirname, 'lib/bench-load-generator.ts');

/** Like a browser, the load client echoes the anti-forgery cookie in its header (double submit). */
const XSRF_VALUE = 'load-script-xsrf-token-0123456789abcdefghij';
const HEADERS = {
  cookie: `XSRF-TOKEN=${XSRF_VALUE}`,
  'x-xsrf-token': XSRF_VALUE,
  'content-type': 'application/json',
  'accept-language': 'en',
};

type Side = 'product' | 'reference';
const PATHS: Record<Side, string> = { product: '/api/checkout/v2', reference: '/ref/orders' };

interface RunFigures {
  side: Side;
  run: number;
  orders: number;
  created: number;
  errors: Record<string, number>;
  errorSample: string | null;
  ordersPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  cpuMsPerOrder: number;
  /** With the work the run left behind (the product's mail outbox), counted until the process is idle again. */
  cpuMsPerOrderSettled: number;
  statementsPerOrder: number | null;
}

interface SideSummary {
  ordersPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuMsPerOrder: number;
  cpuMsPerOrderSettled: number;
  statementsPerOrder: number | null;
}

interface Verification {
  answered201: number;
  stored: number;
  distinctAnswered: number;
  missing: number;
  unexpected: number;
  ok: boolean;
}

interface BackendReport {
  backend: BackendKind;
  orderMix: string;
  runs: RunFigures[];
  median: Record<Side, SideSummary>;
  verification: Record<Side, Verification>;
}

async function generate(spec: LoadSpec, workDir: string): Promise<LoadResult> {
  const specFile = join(workDir, 'spec.json');
  const resultFile = join(workDir, 'result.json');
  writeFileSync(specFile, JSON.stringify(spec));
  rmSync(resultFile, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', GENERATOR, specFile, resultFile], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(readFileSync(resultFile, 'utf8')) as LoadResult;
}

function bodies(pool: LinePool, first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => JSON.stringify(orderPayload(pool, first + i)));
}

/** The server's CPU time once it has been idle for half a second (at most a minute after the load). */
async function settled(server: ServerProcess): Promise<number> {
  const until = performance.now() + 60_000;
  let last = server.cpuMs();
  let quietSince = performance.now();
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    const now = server.cpuMs();
    // Under 2 % of a core: the sweep timers and the pool's keep-alives, nothing left to do.
    if (now - last > 2) quietSince = performance.now();
    else if (performance.now() - quietSince >= 500) return now;
    last = now;
  }
  return last;
}

/** One measured run against one server: the generator's figures, and the server's CPU and statements around it. */
async function measure(side: Side, run: number, server: ServerProcess, orders: string[], workDir: string, codes: string[], countStatements: boolean): Promise<RunFigures> {
  const statementsBefore = countStatements ? await server.statements() : null;
  const cpuBefore = server.cpuMs();
  const load = await generate({ origin: server.origin, path: PATHS[side], headers: HEADERS, bodies: orders, clients: CLIENTS, maxMs: RUN_SECONDS * 1000 }, workDir);
  const cpuAfter = server.cpuMs();
  const statementsAfter = countStatements ? await server.statements() : null;
  // Work the server put off until no diner waits (decision 045) is still its work: counted here,
  // and the next run starts on an idle machine.
  const cpuSettled = await settled(server);
  codes.push(...load.codes);
  const sorted = [...load.latenciesMs].sort((a, b) => a - b);
  const sent = load.latenciesMs.length;
  return {
    side,
    run,
    orders: sent,
    created: load.ok,
    errors: load.errors,
    errorSample: load.errorSample,
    ordersPerSec: round(load.ok / (load.wallMs / 1000)),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? NaN),
    },
    cpuMsPerOrder: round((cpuAfter - cpuBefore) / Math.max(1, sent), 2),
    cpuMsPerOrderSettled: round((cpuSettled - cpuBefore) / Math.max(1, sent), 2),
    statementsPerOrder: statementsBefore !== null && statementsAfter !== null ? round((statementsAfter - statementsBefore) / Math.max(1, sent), 1) : null,
  };
}

function summarize(runs: RunFigures[]): SideSummary {
  const statements = runs.map((r) => r.statementsPerOrder).filter((s): s is number => s !== null);
  return {
    ordersPerSec: round(median(runs.map((r) => r.ordersPerSec))),
    p50: round(median(runs.map((r) => r.latencyMs.p50))),
    p95: round(median(runs.map((r) => r.latencyMs.p95))),
    p99: round(median(runs.map((r) => r.latencyMs.p99))),
    max: round(median(runs.map((r) => r.latencyMs.max))),
    cpuMsPerOrder: round(median(runs.map((r) => r.cpuMsPerOrder)), 2),
    cpuMsPerOrderSettled: round(median(runs.map((r) => r.cpuMsPerOrderSettled)), 2),
    statementsPerOrder: statements.length ? round(median(statements), 1) : null,
  };
}

function verify(answered: string[], stored: string[]): Verification {
  const answeredSet = new Set(answered);
  const storedSet = new Set(stored);
  const missing = [...answeredSet].filter((c) => !storedSet.has(c)).length;
  const unexpected = stored.filter((c) => !answeredSet.has(c)).length;
  return {
    answered201: answered.length,
    stored: stored.length,
    distinctAnswered: answeredSet.size,
    missing,
    unexpected,
    ok: missing === 0 && unexpected === 0 && stored.length === answered.length && answeredSet.size === answered.length && storedSet.size === stored.length,
  };
}

async function benchBackend(kind: BackendKind): Promise<BackendReport> {
  const storage: Storage = await prepareStorage(kind);
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-bench-load-'));
  const servers: ServerProcess[] = [];
  try {
    const { server: product, baselineOrderId } = await startProduct(storage);
    servers.push(product);
    const reference = await startReference(storage);
    servers.push(reference);
    const pool = await buildLinePool(product.origin);
    const orderMix = describePool(pool);
    console.log(`[${kind}] product ${product.origin} (pid ${product.pid}), reference ${reference.origin} (pid ${reference.pid}); order mix: ${orderMix}`);

    const codes: Record<Side, string[]> = { product: [], reference: [] };
    const sides: [Side, ServerProcess][] = [
      ['product', product],
      ['reference', reference],
    ];
    let next = 0;
    // Warm-up: JIT, connection pools, query plans. Its orders count in the stored-orders check only.
    for (const [side, server] of sides) {
      const warm = await measure(side, 0, server, bodies(pool, next, WARMUP), workDir, codes[side], false);
      if (Object.keys(warm.errors).length) console.log(`[${kind}] ${side} warm-up errors: ${JSON.stringify(warm.errors)} ${warm.errorSample ?? ''}`);
    }
    next += WARMUP;
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const orders = bodies(pool, next, ORDERS);
      next += ORDERS;
      for (const [side, server] of sides) {
        const figures = await measure(side, run, server, orders, workDir, codes[side], kind === 'postgres');
        runs.push(figures);
        const errors = Object.keys(figures.errors).length ? ` errors ${JSON.stringify(figures.errors)}` : '';
        console.log(
          `[${kind}] run ${run} ${side.padEnd(9)} ${figures.ordersPerSec.toFixed(0).padStart(6)} orders/s  p99 ${figures.latencyMs.p99} ms  CPU ${figures.cpuMsPerOrder} ms/order (${figures.cpuMsPerOrderSettled} with what it left)${figures.statementsPerOrder !== null ? `  ${figures.statementsPerOrder} statements/order` : ''}${errors}`,
        );
      }
    }

    // Stop both before reading: PGlite allows one process, and its last commits must be on disk.
    for (const server of servers.splice(0)) await server.stop();
    const productRaw = await openRaw(storage.databaseUrl, storage.productDir);
    let storedProduct: string[];
    try {
      storedProduct = (await productRaw.query<{ code: string }>('select code from orders where id > $1', [baselineOrderId])).map((r) => r.code);
    } finally {
      await productRaw.close();
    }
    const referenceRaw = await openRaw(storage.databaseUrl, storage.referenceDir);
    let storedReference: string[];
    try {
      storedReference = (await referenceRaw.query<{ id: number }>('select id from ref_orders')).map((r) => `R${r.id}`);
    } finally {
      await referenceRaw.close();
    }
    return {
      backend: kind,
      orderMix,
      runs,
      median: { product: summarize(runs.filter((r) => r.side === 'product')), reference: summarize(runs.filter((r) => r.side === 'reference')) },
      verification: { product: verify(codes.product, storedProduct), reference: verify(codes.reference, storedReference) },
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
    await storage.remove();
  }
}

function printTable(reports: BackendReport[]): void {
  const fmt = (x: number | null, digits = 1) => (x === null || !Number.isFinite(x) ? '' : x.toFixed(digits));
  const rows: string[][] = [['backend', 'metric (median)', 'product', 'reference', 'product behind']];
  for (const r of reports) {
    const p = r.median.product;
    const ref = r.median.reference;
    rows.push(
      [r.backend, 'orders/s', fmt(p.ordersPerSec, 0), fmt(ref.ordersPerSec, 0), behind(p.ordersPerSec, ref.ordersPerSec, true)],
      ['', 'p50 ms', fmt(p.p50), fmt(ref.p50), behind(p.p50, ref.p50, false)],
      ['', 'p95 ms', fmt(p.p95), fmt(ref.p95), behind(p.p95, ref.p95, false)],
      ['', 'p99 ms', fmt(p.p99), fmt(ref.p99), behind(p.p99, ref.p99, false)],
      ['', 'max ms', fmt(p.max), fmt(ref.max), behind(p.max, ref.max, false)],
      ['', 'CPU ms/order', fmt(p.cpuMsPerOrder, 2), fmt(ref.cpuMsPerOrder, 2), behind(p.cpuMsPerOrder, ref.cpuMsPerOrder, false)],
      ['', 'CPU ms/order, with its mail', fmt(p.cpuMsPerOrderSettled, 2), fmt(ref.cpuMsPerOrderSettled, 2), behind(p.cpuMsPerOrderSettled, ref.cpuMsPerOrderSettled, false)],
    );
    if (p.statementsPerOrder !== null || ref.statementsPerOrder !== null) {
      rows.push(['', 'statements/order', fmt(p.statementsPerOrder), fmt(ref.statementsPerOrder), behind(p.statementsPerOrder ?? NaN, ref.statementsPerOrder ?? NaN, false)]);
    }
    for (const side of ['product', 'reference'] as const) {
      const v = r.verification[side];
      rows.push([
        '',
        `stored check, ${side}`,
        v.ok ? 'ok' : 'MISMATCH',
        '',
        `${v.answered201} answered 201, ${v.stored} stored, ${v.missing} missing, ${v.unexpected} unexpected`,
      ]);
    }
  }
  console.log(`\n${formatTable(rows)}\n`);
}

function goals(reports: BackendReport[]): string[] {
  const lines: string[] = [];
  const line = (pass: boolean, text: string) => lines.push(`${pass ? 'PASS' : 'FAIL'}  ${text}`);
  for (const r of reports) {
    const p = r.median.product;
    if (r.backend === 'postgres') line(p.ordersPerSec >= 400 && p.p99 <= 50, `PostgreSQL: >= 400 orders/s at p99 <= 50 ms (measured ${p.ordersPerSec} orders/s, p99 ${p.p99} ms)`);
    else line(p.ordersPerSec >= 150, `PGlite: >= 150 orders/s (measured ${p.ordersPerSec} orders/s)`);
  }
  return lines;
}

async function main(): Promise<void> {
  const outFile = process.argv[2];
  const notes: string[] = [`product: ${productCommand().label}`];
  const backends: BackendKind[] = [];
  const wanted = (process.env.BENCH_BACKENDS?.trim() || 'pglite,postgres').split(',').map((s) => s.trim());
  if (wanted.includes('pglite')) backends.push('pglite');
  if (wanted.includes('postgres')) {
    const problem = await postgresProblem();
    if (problem) notes.push(`PostgreSQL skipped: ${problem}. Set BENCH_PG_ADMIN_URL to use another server.`);
    else backends.push('postgres');
  }
  notes.push(`${RUNS} runs of ${ORDERS} orders (at most ${RUN_SECONDS} s) per side after ${WARMUP} warm-up orders, ${CLIENTS} concurrent keep-alive clients, interleaved product/reference; medians.`);
  for (const note of notes) console.log(note);

  const reports: BackendReport[] = [];
  for (const kind of backends) reports.push(await benchBackend(kind));
  printTable(reports);
  const goalLines = goals(reports);
  for (const l of goalLines) console.log(l);

  const json = JSON.stringify({ node: process.version, notes, goals: goalLines, results: reports }, null, 2);
  if (outFile) {
    writeFileSync(outFile, `${json}\n`);
    console.log(`Results written to ${outFile}`);
  }
  const failed = reports.some((r) => r.runs.some((run) => Object.keys(run.errors).length > 0) || !r.verification.product.ok || !r.verification.reference.ok);
  if (failed) {
    for (const r of reports) for (const run of r.runs) if (run.errorSample) console.log(`[${r.backend}] ${run.side} run ${run.run}: ${JSON.stringify(run.errors)} first: ${run.errorSample}`);
    process.exitCode = 1;
  }
}

await main();
