/**
 * `npm run fault:orders`: does every submitted order end up stored exactly once when the network
 * misbehaves? FAULT_SUBMISSIONS submissions (default 240) go through an in-process proxy in front
 * of the real server (PGlite; PostgreSQL too when reachable, see order-load.ts). Each submission
 * gets one of four faults, evenly and in shuffled order:
 *
 *   drop-request   the proxy closes the connection before forwarding: the server never sees it
 *   drop-response  the proxy forwards, waits for the complete answer, then closes instead of answering
 *   duplicate      the client sends the same request twice at once, with the same key
 *   none           nothing happens
 *
 * The client behaves like the device outbox: one Idempotency-Key per submission, made up front,
 * and retries with that key on network errors, 5xx and 409 until a 2xx or another 4xx. Faults
 * fire on the first attempt only. Afterwards the database is asked, through the
 * idempotency_keys table, which submission got which order.
 *
 * Exits non-zero when an order was lost or duplicated, or any other consistency check fails.
 * FAULT_SEED fixes the fault order; FAULT_CONCURRENCY (default 8) is how many submissions run at once.
 */
import { randomUUID } from 'node:crypto';
import { gt, inArray } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import * as t from '../src/server/db/schema';
import type { CheckoutPayload } from '../src/shared/contract/checkout';
import { startFaultProxy, type FaultProxy } from './lib/fault-proxy';
import {
  buildLinePool,
  describePool,
  envInt,
  formatTable,
  orderCodeOf,
  orderPayload,
  planBackends,
  postOrder,
  sleep,
  startServer,
  type BackendPlan,
  type PostOutcome,
} from './lib/order-load';

const SUBMISSIONS = Math.max(1, envInt('FAULT_SUBMISSIONS', 240));
const CONCURRENCY = Math.max(1, envInt('FAULT_CONCURRENCY', 8));
const SEED = envInt('FAULT_SEED', Math.floor(Math.random() * 2 ** 31));
const MAX_ATTEMPTS = 10;

const FAULTS = ['drop-request', 'drop-response', 'duplicate', 'none'] as const;
type Fault = (typeof FAULTS)[number];

// ---------------------------------------------------------------------------------------------
// The plan

/** mulberry32: a small seeded generator, so a failing fault order can be replayed with FAULT_SEED. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each fault equally often (the remainder spread over the first ones), in a shuffled order. */
function faultPlan(count: number, random: () => number): Fault[] {
  const plan = Array.from({ length: count }, (_, i) => FAULTS[i % FAULTS.length] ?? 'none');
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plan[i], plan[j]] = [plan[j] ?? 'none', plan[i] ?? 'none'];
  }
  return plan;
}

interface Submission {
  n: number;
  key: string;
  fault: Fault;
  payload: CheckoutPayload;
}

// ---------------------------------------------------------------------------------------------
// The client

interface SendResult {
  final: PostOutcome;
  attempts: number;
}

/** The outbox's rule: a 2xx is done, a 4xx other than 409 is a definite no; anything else is worth another try. */
function isFinal(outcome: PostOutcome): boolean {
  if (outcome.kind === 'network') return false;
  if (outcome.status >= 200 && outcome.status < 300) return true;
  return outcome.status >= 400 && outcome.status < 500 && outcome.status !== 409;
}

/** 50, 100, 200, 200… ms, each with up to half taken off at random, so retries of a burst spread out. */
function backoffMs(attempt: number): number {
  const base = Math.min(200, 50 * 2 ** (attempt - 1));
  return Math.max(50, Math.round(base / 2 + (Math.random() * base) / 2));
}

/** Sends one submission like the device outbox: same key on every attempt, until a final answer. */
async function sendLikeOutbox(origin: string, payload: CheckoutPayload, key: string): Promise<SendResult> {
  let final = await postOrder(origin, payload, key);
  let attempts = 1;
  while (!isFinal(final) && attempts < MAX_ATTEMPTS) {
    await sleep(backoffMs(attempts));
    final = await postOrder(origin, payload, key);
    attempts++;
  }
  return { final, attempts };
}

interface SubmissionResult {
  submission: Submission;
  /** One sender, or two for a duplicate submit. */
  senders: SendResult[];
}

async function runSubmission(proxy: FaultProxy, s: Submission): Promise<SubmissionResult> {
  if (s.fault === 'duplicate') {
    const senders = await Promise.all([sendLikeOutbox(proxy.origin, s.payload, s.key), sendLikeOutbox(proxy.origin, s.payload, s.key)]);
    return { submission: s, senders };
  }
  if (s.fault !== 'none') proxy.arm(s.key, s.fault);
  return { submission: s, senders: [await sendLikeOutbox(proxy.origin, s.payload, s.key)] };
}

/** Runs `items` through `fn`, `concurrency` at a time, keeping their order in the result. */
async function mapConcurrently<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i];
      if (item !== undefined) results[i] = await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Counting

interface DbCount {
  ordersInDb: number;
  /** Submissions whose key points at no stored order. */
  lost: number;
  /** Stored orders no submission's key points at: the second copy of something. */
  duplicated: number;
  /** Keys that point at an order another key points at too (each key must own exactly one order). */
  sharedOrders: number;
  /** key → the stored order's code */
  codeByKey: Map<string, string>;
}

async function countFromDb(db: Db, baselineOrderId: number, keys: string[]): Promise<DbCount> {
  const orders = await db.select({ id: t.orders.id, code: t.orders.code }).from(t.orders).where(gt(t.orders.id, baselineOrderId));
  const codeById = new Map(orders.map((o) => [o.id, o.code]));
  const claims = await db
    .select({ key: t.idempotencyKeys.key, orderId: t.idempotencyKeys.orderId })
    .from(t.idempotencyKeys)
    .where(inArray(t.idempotencyKeys.key, keys));

  const codeByKey = new Map<string, string>();
  const owned = new Set<number>();
  let sharedOrders = 0;
  for (const claim of claims) {
    const code = claim.orderId === null ? undefined : codeById.get(claim.orderId);
    if (claim.orderId === null || code === undefined) continue;
    if (owned.has(claim.orderId)) sharedOrders++;
    owned.add(claim.orderId);
    codeByKey.set(claim.key, code);
  }
  return {
    ordersInDb: orders.length,
    lost: keys.filter((k) => !codeByKey.has(k)).length,
    duplicated: orders.length - owned.size,
    sharedOrders,
    codeByKey,
  };
}

interface BackendReport {
  backend: string;
  seed: number;
  submissions: number;
  faults: Record<Fault, number>;
  proxy: FaultProxy['stats'];
  requestsSent: number;
  retries: number;
  final: { created2xx: number; rejected4xx: number; gaveUp: number };
  replayedAnswers: number;
  /** Evidence the faults did what they say, from the replay header of the final answers. */
  expectations: { dropRequestFresh: string; dropResponseReplayed: string; duplicateOneFresh: string };
  ordersInDb: number;
  lost: number;
  duplicated: number;
  sharedOrders: number;
  /** A final 2xx whose order code is not the one stored for the key, or duplicate senders told different codes. */
  clientDbMismatches: number;
  errorSample: string | null;
  ok: boolean;
}

const isCreated = (o: PostOutcome) => o.kind === 'response' && o.status >= 200 && o.status < 300;
const isReplayed = (o: PostOutcome) => o.kind === 'response' && o.replayed;
const codeOf = (o: PostOutcome) => (o.kind === 'response' ? orderCodeOf(o.body) : null);

function summarise(backend: string, results: SubmissionResult[], proxy: FaultProxy, db: DbCount): BackendReport {
  const senders = results.flatMap((r) => r.senders);
  const finals = senders.map((s) => s.final);
  const byFault = (f: Fault) => results.filter((r) => r.submission.fault === f);
  const ratio = (f: Fault, test: (r: SubmissionResult) => boolean) => `${byFault(f).filter(test).length}/${byFault(f).length}`;

  // Every 2xx must name the order stored for its key; for a duplicate submit, both senders the same one.
  let clientDbMismatches = 0;
  for (const r of results) {
    const stored = db.codeByKey.get(r.submission.key);
    for (const s of r.senders) if (isCreated(s.final) && codeOf(s.final) !== stored) clientDbMismatches++;
  }
  const failed = finals.find((f) => !isCreated(f));
  const report: BackendReport = {
    backend,
    seed: SEED,
    submissions: results.length,
    faults: Object.fromEntries(FAULTS.map((f) => [f, byFault(f).length])) as Record<Fault, number>,
    proxy: { ...proxy.stats },
    requestsSent: senders.reduce((sum, s) => sum + s.attempts, 0),
    retries: senders.reduce((sum, s) => sum + s.attempts - 1, 0),
    final: {
      created2xx: finals.filter(isCreated).length,
      rejected4xx: finals.filter((f) => f.kind === 'response' && f.status >= 400 && f.status < 500).length,
      gaveUp: finals.filter((f) => !isFinal(f)).length,
    },
    replayedAnswers: finals.filter(isReplayed).length,
    expectations: {
      dropRequestFresh: ratio('drop-request', (r) => r.senders.every((s) => !isReplayed(s.final))),
      dropResponseReplayed: ratio('drop-response', (r) => r.senders.every((s) => isReplayed(s.final))),
      duplicateOneFresh: ratio('duplicate', (r) => r.senders.filter((s) => !isReplayed(s.final)).length === 1),
    },
    ordersInDb: db.ordersInDb,
    lost: db.lost,
    duplicated: db.duplicated,
    sharedOrders: db.sharedOrders,
    clientDbMismatches,
    errorSample: failed ? (failed.kind === 'network' ? failed.error : `${failed.status} ${JSON.stringify(failed.body).slice(0, 300)}`) : null,
    ok: false,
  };
  report.ok =
    report.lost === 0 &&
    report.duplicated === 0 &&
    report.sharedOrders === 0 &&
    report.ordersInDb === report.submissions &&
    report.clientDbMismatches === 0 &&
    report.final.created2xx === senders.length;
  return report;
}

// ---------------------------------------------------------------------------------------------
// The run

async function faultBackend(plan: BackendPlan): Promise<BackendReport> {
  const server = await startServer(plan);
  const proxy = await startFaultProxy(server.origin);
  try {
    // The catalog comes straight from the server: faults are for orders only.
    const pool = await buildLinePool(server.origin);
    console.log(`[${server.kind}] server ${server.origin}, proxy ${proxy.origin}; order mix from ${describePool(pool)}`);
    const faults = faultPlan(SUBMISSIONS, seededRandom(SEED));
    const submissions: Submission[] = faults.map((fault, n) => ({ n, key: randomUUID(), fault, payload: orderPayload(pool, n) }));

    const started = performance.now();
    const results = await mapConcurrently(submissions, CONCURRENCY, (s) => runSubmission(proxy, s));
    console.log(`[${server.kind}] ${results.length} submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const counted = await countFromDb(server.database.db, server.baselineOrderId, submissions.map((s) => s.key));
    return summarise(server.kind, results, proxy, counted);
  } finally {
    await proxy.close();
    await server.close();
  }
}

function printSummary(reports: BackendReport[]): void {
  const column = (label: string, value: (r: BackendReport) => string | number) => [label, ...reports.map((r) => String(value(r)))];
  const rows = [
    column('', (r) => r.backend),
    column('submissions', (r) => r.submissions),
    ...FAULTS.map((f) => column(`  fault ${f}`, (r) => r.faults[f])),
    column('proxy: requests dropped', (r) => r.proxy.requestsDropped),
    column('proxy: responses dropped', (r) => r.proxy.responsesDropped),
    column('proxy: forwarded', (r) => r.proxy.forwarded),
    column('requests sent (attempts)', (r) => r.requestsSent),
    column('  of which retries', (r) => r.retries),
    column('final 2xx / 4xx / gave up', (r) => `${r.final.created2xx} / ${r.final.rejected4xx} / ${r.final.gaveUp}`),
    column('drop-request: answer fresh', (r) => r.expectations.dropRequestFresh),
    column('drop-response: answer replayed', (r) => r.expectations.dropResponseReplayed),
    column('duplicate: exactly one fresh', (r) => r.expectations.duplicateOneFresh),
    column('orders in DB', (r) => r.ordersInDb),
    column('LOST', (r) => r.lost),
    column('DUPLICATED', (r) => r.duplicated),
    column('keys sharing an order', (r) => r.sharedOrders),
    column('client/DB code mismatches', (r) => r.clientDbMismatches),
    column('result', (r) => (r.ok ? 'ok' : 'FAILED')),
  ];
  console.log(`\n${formatTable(rows)}\n`);
  for (const r of reports) if (r.errorSample) console.log(`[${r.backend}] first non-2xx final answer: ${r.errorSample}`);
}

async function main(): Promise<void> {
  const { plans, notes } = await planBackends();
  for (const note of notes) console.log(note);
  console.log(`${SUBMISSIONS} submissions per backend, ${CONCURRENCY} at a time, up to ${MAX_ATTEMPTS} attempts each, FAULT_SEED=${SEED}.`);

  const reports: BackendReport[] = [];
  for (const plan of plans) reports.push(await faultBackend(plan));
  printSummary(reports);
  console.log(JSON.stringify({ node: process.version, notes, results: reports }, null, 2));

  if (reports.some((r) => !r.ok)) {
    console.error('Fault run FAILED: see LOST / DUPLICATED and the checks above.');
    process.exitCode = 1;
  }
}

await main();
