/**
 * `npm run test:cluster`: three real app processes on one PostgreSQL database behind HAProxy,
 * configured by deploy/haproxy/haproxy.cfg, and four claims about them (decision 032):
 *
 *   a. load spreads: every process serves a fair share of the requests through the balancer;
 *   b. live events cross processes: an order placed on one process and accepted on another is
 *      heard on the board's and the diner's event streams held on the others;
 *   c. the rate limits hold across processes: attempts spread over all three are refused at the
 *      same count as on one process, and a client's own X-Forwarded-For buys it nothing;
 *   d. one process killed (SIGKILL) in the middle of a load run loses no order and duplicates
 *      none, with clients retrying like the device's outbox, through the balancer;
 *   e. a process stopped with SIGTERM leaves the balancer's rotation before it closes, and no
 *      request through the balancer fails meanwhile.
 *
 * Skips (exit 0, with the reason) only when PostgreSQL is unreachable; anything else missing,
 * HAProxy included, fails. Env: CLUSTER_ADMIN_URL (default the local postgres), CLUSTER_DB_PREFIX
 * (throwaway database name prefix), CLUSTER_PORT (first of five ports, default 4700),
 * CLUSTER_ORDERS (default 150) and CLUSTER_CONCURRENCY (default 12) for the kill run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gt, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as t from '../src/server/db/schema';
import { ORDER_LIMITS } from '../src/server/orders/order-limits';
import type { CheckoutPayload } from '../src/shared/contract/checkout';
import { buildServer, entry as serverEntry } from './build-server.mjs';
import { buildLinePool, canConnect, envInt, orderCodeOf, orderPayload, sleep, type LinePool } from './lib/order-load';

/** How a production process starts (docs/deployment.md): the compiled server, in one process so SIGKILL hits the server itself. */
const SERVER_COMMAND = [process.execPath, serverEntry];

const ADMIN_URL = process.env.CLUSTER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_PREFIX = process.env.CLUSTER_DB_PREFIX ?? 'storefront_cluster';
const BASE_PORT = envInt('CLUSTER_PORT', 4700);
const ORDERS = Math.max(30, envInt('CLUSTER_ORDERS', 150));
const CONCURRENCY = Math.max(1, envInt('CLUSTER_CONCURRENCY', 12));
/** As in the deployment guide: HAProxy needs two failed checks (about 1.5 s) to take a process out; the rest is slack for a slow machine. */
const DRAIN_SECONDS = 5;
const INSTANCES = ['app1', 'app2', 'app3'] as const;
type Instance = (typeof INSTANCES)[number];
const BALANCER = `127.0.0.1:${BASE_PORT}`;
const STATS = `127.0.0.1:${BASE_PORT + 4}`;
const portOf = (i: number) => BASE_PORT + 1 + i;
const OWNER = { email: 'owner@cluster.example', password: 'cluster-owner-passphrase-7319' };
const XSRF = 'cluster-test-xsrf-token-0123456789abcdefghij';

if (!/^[a-z][a-z0-9_]{0,40}$/.test(DB_PREFIX)) throw new Error('CLUSTER_DB_PREFIX must be lower-case letters, digits and underscores');

const started = performance.now();
const log = (msg: string) => console.log(`[cluster ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${msg}`);
const figures: Record<string, unknown> = {};

class Failed extends Error {}
function check(ok: boolean, what: string): void {
  if (!ok) throw new Failed(what);
  log(`ok: ${what}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP with a chosen source address: each simulated diner connects from its own 127.x.y.z, so the
// balancer sees (and forwards) a distinct address per diner, as on the internet.

interface Answer {
  kind: 'response';
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
type Outcome = Answer | { kind: 'network'; error: string };

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  from?: string;
  timeoutMs?: number;
}

function request(hostPort: string, path: string, options: RequestOptions = {}): Promise<Outcome> {
  const [host, port] = hostPort.split(':');
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const unsafe = (options.method ?? 'GET') !== 'GET';
  return new Promise((resolve) => {
    const req = http.request(
      {
        host,
        port: Number(port),
        path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
        headers: {
          'accept-language': 'en',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          // The browser's double-submit pair (src/server/plugins/xsrf.ts).
          ...(unsafe ? { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON (a balancer's error page): kept as text.
          }
          resolve({ kind: 'response', status: res.statusCode ?? 0, headers: res.headers, body });
        });
        res.on('error', (err) => resolve({ kind: 'network', error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ kind: 'network', error: err.message }));
    req.end(payload);
  });
}

const instanceOf = (o: Outcome): string => (o.kind === 'response' ? String(o.headers['x-instance'] ?? '?') : '-');
const statusOf = (o: Outcome): string => (o.kind === 'response' ? String(o.status) : `network (${o.error})`);

// ---------------------------------------------------------------------------------------------
// Event streams

interface Stream {
  instance: string;
  events: { event: string; data: string; at: number }[];
  waitFor(match: (e: { event: string; data: string }) => boolean, ms: number): Promise<{ event: string; data: string; at: number }>;
  close(): void;
}

function openStream(hostPort: string, path: string, headers: Record<string, string>): Promise<Stream> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve, reject) => {
    const req = http.get({ host, port: Number(port), path, agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Failed(`stream ${path}: HTTP ${res.statusCode}`));
        return;
      }
      const events: Stream['events'] = [];
      const wakers = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = { event: 'message', data: '', at: performance.now() };
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data += line.slice(6);
          }
          if (event.data) {
            events.push(event);
            for (const wake of wakers) wake();
          }
        }
      });
      res.on('error', () => undefined);
      resolve({
        instance: String(res.headers['x-instance'] ?? '?'),
        events,
        waitFor(match, ms) {
          return new Promise((done, fail) => {
            const look = () => {
              const found = events.find(match);
              if (!found) return;
              wakers.delete(look);
              clearTimeout(timer);
              done(found);
            };
            const timer = setTimeout(() => {
              wakers.delete(look);
              fail(new Failed(`stream ${path} on ${res.headers['x-instance']}: nothing matching within ${ms} ms`));
            }, ms);
            wakers.add(look);
            look();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Processes

interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
}

const children: Proc[] = [];

function startProcess(name: string, command: string[], env: NodeJS.ProcessEnv): Proc {
  const [bin, ...args] = command;
  if (!bin) throw new Error('empty command');
  const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    proc.output.push(chunk.toString());
    if (proc.output.length > 200) proc.output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(proc);
  return proc;
}

function startApp(i: number, databaseUrl: string, dataDir: string): Proc {
  const name = INSTANCES[i] ?? `app${i + 1}`;
  return startProcess(name, SERVER_COMMAND, {
    ...process.env,
    PORT: String(portOf(i)),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dataDir, name),
    CLIENT_DIR: join(dataDir, 'no-client'),
    INSTANCE_NAME: name,
    TRUST_PROXY: '1',
    RATE_LIMIT_SCALE: '1',
    AUTH_RATE_LIMIT_SCALE: '',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    DRAIN_SECONDS: String(DRAIN_SECONDS),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
}

async function poll<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      if (error instanceof Failed) throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Failed(`${what}: not within ${ms / 1000} s`);
    await sleep(100);
  }
}

/** The balancer's view of each app process: state and sessions served (its CSV statistics). */
async function balancerStats(): Promise<Map<string, { status: string; served: number }>> {
  const answer = await request(STATS, '/stats;csv');
  if (answer.kind !== 'response' || answer.status !== 200) throw new Error('stats page unavailable');
  const [head, ...rows] = String(answer.body).split('\n');
  const cols = (head ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => cols.indexOf(name);
  const stats = new Map<string, { status: string; served: number }>();
  for (const row of rows) {
    const cell = row.split(',');
    if (cell[at('pxname')] === 'app' && INSTANCES.includes(cell[at('svname')] as Instance)) {
      stats.set(cell[at('svname')] ?? '', { status: cell[at('status')] ?? '', served: Number(cell[at('stot')] ?? 0) });
    }
  }
  return stats;
}

/** The repository's HAProxy file with the host-only lines dropped and the ports moved into this run's range. */
function balancerConfig(): string {
  let text = readFileSync(new URL('../deploy/haproxy/haproxy.cfg', import.meta.url), 'utf8');
  text = text
    .split('\n')
    .filter((line) => !/#\s*host-only\s*$/.test(line))
    .join('\n');
  const swaps: [RegExp, string][] = [
    [/^(\s*bind) :80$/m, `$1 ${BALANCER}`],
    [/^(\s*bind) 127\.0\.0\.1:8404$/m, `$1 ${STATS}`],
    ...INSTANCES.map((name, i): [RegExp, string] => [new RegExp(`^(\\s*server ${name}) 127\\.0\\.0\\.1:300${i + 1} `, 'm'), `$1 127.0.0.1:${portOf(i)} `]),
  ];
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(text)) throw new Failed(`deploy/haproxy/haproxy.cfg no longer has a line matching ${pattern}: update the cluster test with it`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// The device outbox's rule (src/client/features/outbox/outbox.ts, isRetryable), mirrored

const SERVER_ERRORS_BEFORE_GIVING_UP = 3;
const LONGEST_RETRY_AFTER_S = 120;
const MAX_ATTEMPTS = 12;

function retryable(o: Outcome, serverErrors: number): boolean {
  if (o.kind === 'network') return true;
  const { status } = o;
  if (status === 429) {
    const after = Number(o.headers['retry-after'] ?? NaN);
    return Number.isNaN(after) || after <= LONGEST_RETRY_AFTER_S;
  }
  if ([502, 503, 504, 408, 409].includes(status)) return true;
  if (status >= 500) return serverErrors < SERVER_ERRORS_BEFORE_GIVING_UP;
  return false;
}

/** The outbox's pause, shortened tenfold (its 1 s, 2 s, 4 s… would only make the run longer, not different). */
const backoffMs = (attempt: number) => Math.min(3000, 100 * 2 ** Math.max(0, attempt - 1)) * (0.75 + Math.random() / 2);

interface Sent {
  key: string;
  final: Outcome;
  attempts: Outcome[];
}

async function sendLikeOutbox(payload: CheckoutPayload, from: string): Promise<Sent> {
  const key = randomUUID();
  const attempts: Outcome[] = [];
  let serverErrors = 0;
  for (;;) {
    const o = await request(BALANCER, '/api/checkout/v2', { method: 'POST', body: payload, from, headers: { 'idempotency-key': key } });
    attempts.push(o);
    if (o.kind === 'response' && o.status >= 500) serverErrors++;
    if (o.kind === 'response' && o.status >= 200 && o.status < 300) return { key, final: o, attempts };
    if (!retryable(o, serverErrors) || attempts.length >= MAX_ATTEMPTS) return { key, final: o, attempts };
    await sleep(backoffMs(attempts.length));
  }
}

const isCreated = (o: Outcome) => o.kind === 'response' && o.status >= 200 && o.status < 300;

/** A distinct loopback source address per diner number. */
const diner = (block: number, n: number) => `127.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

// ---------------------------------------------------------------------------------------------
// The claims

async function spreadsLoad(): Promise<void> {
  const before = await balancerStats();
  const served = new Map<string, number>();
  const REQUESTS = 90;
  // Ten at a time, as a dining room of phones would.
  for (let round = 0; round < REQUESTS / 10; round++) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, k) => request(BALANCER, '/api/products/categories', { from: diner(10, round * 10 + k) })),
    );
    for (const a of answers) {
      if (a.kind !== 'response' || a.status !== 200) throw new Failed(`a menu read through the balancer answered ${statusOf(a)}`);
      served.set(instanceOf(a), (served.get(instanceOf(a)) ?? 0) + 1);
    }
  }
  const after = await balancerStats();
  const share = Object.fromEntries(INSTANCES.map((name) => [name, served.get(name) ?? 0]));
  const balancerShare = Object.fromEntries(INSTANCES.map((name) => [name, (after.get(name)?.served ?? 0) - (before.get(name)?.served ?? 0)]));
  figures.distribution = { requests: REQUESTS, byResponseHeader: share, byBalancerStats: balancerShare };
  log(`distribution of ${REQUESTS} menu reads: by X-Instance ${JSON.stringify(share)}, by HAProxy's counters ${JSON.stringify(balancerShare)}`);
  for (const name of INSTANCES) check((served.get(name) ?? 0) >= REQUESTS / INSTANCES.length / 2, `${name} served at least half its fair share (${served.get(name) ?? 0} of ${REQUESTS})`);
  check(JSON.stringify(share) === JSON.stringify(balancerShare), 'the processes\' own header and the balancer\'s counters agree on who served what');
}

async function staffLogin(): Promise<string> {
  const answer = await request(BALANCER, '/api/staff/login', { method: 'POST', body: OWNER });
  if (answer.kind !== 'response' || answer.status !== 200) throw new Failed(`staff login: ${statusOf(answer)}`);
  return (answer.body as { data: { token: string } }).data.token;
}

async function liveAcrossProcesses(pool: LinePool): Promise<void> {
  const token = await staffLogin();
  const staff = { authorization: `Bearer ${token}` };
  // A board on every process: round robin hands consecutive streams to different processes.
  const boards: Stream[] = [];
  for (let tries = 0; tries < 12 && new Set(boards.map((b) => b.instance)).size < INSTANCES.length; tries++) {
    const board = await openStream(BALANCER, '/api/staff/events', staff);
    if (boards.some((b) => b.instance === board.instance)) board.close();
    else boards.push(board);
  }
  check(boards.length === INSTANCES.length, `a board stream is held on each process (${boards.map((b) => b.instance).join(', ')})`);
  await Promise.all(boards.map((b) => b.waitFor((e) => e.event === 'hello', 10_000)));

  // The order goes to one process directly; the diner's page then listens through the balancer on another.
  const [a, b, c] = INSTANCES;
  const placed = await request(`127.0.0.1:${portOf(0)}`, '/api/checkout/v2', {
    method: 'POST',
    body: { ...orderPayload(pool, 1), email: 'live.diner@example.com' },
    from: diner(20, 1),
    headers: { 'idempotency-key': randomUUID() },
  });
  check(isCreated(placed) && instanceOf(placed) === a, `order placed on ${a}`);
  const order = (placed as Answer).body as { data: { order: { code: string }; accessKey: string } };
  const code = order.data.order.code;
  let dinerStream: Stream | undefined;
  for (let tries = 0; tries < 12 && !dinerStream; tries++) {
    const s = await openStream(BALANCER, `/api/orders/${code}/live`, { 'x-order-key': order.data.accessKey });
    if (s.instance === c) dinerStream = s;
    else s.close();
  }
  if (!dinerStream) throw new Failed(`the diner's stream never landed on ${c}`);
  await dinerStream.waitFor((e) => e.event === 'hello', 10_000);
  for (const board of boards) await board.waitFor((e) => e.event === 'order' && e.data.includes(code) && e.data.includes('pending_approval'), 10_000);
  check(true, `the new order from ${a} reached the boards on ${boards.map((x) => x.instance).join(', ')}`);

  const acceptedAt = performance.now();
  const accepted = await request(`127.0.0.1:${portOf(1)}`, `/api/staff/orders/${code}/accept`, { method: 'POST', body: { minutes: 15 }, headers: staff });
  check(isCreated(accepted) && instanceOf(accepted) === b, `staff accepted it on ${b}`);
  const heard = await dinerStream.waitFor((e) => e.event === 'order' && e.data.includes('approved'), 10_000);
  for (const board of boards) await board.waitFor((e) => e.event === 'order' && e.data.includes(code) && e.data.includes('approved'), 10_000);
  const ms = Math.round(heard.at - acceptedAt);
  figures.liveMs = ms;
  check(true, `the diner's stream on ${c} heard the acceptance made on ${b} ${ms} ms after it was sent, and every board did too`);
  // The diner's page reads the order again on each event: through the balancer, from whichever process.
  const reread = await request(BALANCER, `/api/orders/${code}`, { headers: { 'x-order-key': order.data.accessKey } });
  check(reread.kind === 'response' && (reread.body as { data: { status: string } }).data.status === 'approved', `the order page reads the accepted order back through the balancer (from ${instanceOf(reread)})`);
  for (const s of [...boards, dinerStream]) s.close();
}

/** Sends `attempts` orders one after another; returns the statuses and which process answered each. */
async function orderAttempts(target: string, attempts: number, make: (k: number) => { payload: CheckoutPayload; from: string; headers?: Record<string, string> }) {
  const results: { status: string; instance: string }[] = [];
  for (let k = 0; k < attempts; k++) {
    const { payload, from, headers } = make(k);
    const o = await request(target, '/api/checkout/v2', { method: 'POST', body: payload, from, headers: { 'idempotency-key': randomUUID(), ...headers } });
    results.push({ status: statusOf(o), instance: instanceOf(o) });
  }
  return results;
}

const acceptedCount = (r: { status: string }[]) => r.findIndex((x) => x.status !== '201' && x.status !== '200');

async function limitsHold(pool: LinePool): Promise<void> {
  const mailLimit = ORDER_LIMITS.perRecipientHour.limit;
  // Same mailbox, a new address each time: only the per-recipient rule can refuse.
  const sameMailbox = (mailbox: string, block: number) => (k: number) => ({ payload: { ...orderPayload(pool, k), email: mailbox }, from: diner(block, k) });
  const one = await orderAttempts(`127.0.0.1:${portOf(0)}`, mailLimit + 2, sameMailbox('one.process@example.com', 30));
  const spread = await orderAttempts(BALANCER, mailLimit + 2, sameMailbox('three.processes@example.com', 31));
  log(`per mailbox, one process: ${one.map((r) => `${r.status}@${r.instance}`).join(' ')}`);
  log(`per mailbox, balanced:    ${spread.map((r) => `${r.status}@${r.instance}`).join(' ')}`);
  check(acceptedCount(one) === mailLimit && one.slice(mailLimit).every((r) => r.status === '429'), `one process accepts ${mailLimit} orders to one mailbox, then 429`);
  check(acceptedCount(spread) === mailLimit && spread.slice(mailLimit).every((r) => r.status === '429'), `three processes accept the same ${mailLimit}, then 429`);
  check(new Set(spread.slice(0, mailLimit + 1).map((r) => r.instance)).size === INSTANCES.length, 'the counted attempts were served by all three processes');

  // One address, a new mailbox each time, each request claiming another X-Forwarded-For.
  const addressLimit = ORDER_LIMITS.perAddress.limit;
  const spoofing = await orderAttempts(BALANCER, addressLimit + 2, (k) => ({
    payload: { ...orderPayload(pool, k), email: `address.${k}@example.com` },
    from: '127.40.0.1',
    headers: { 'x-forwarded-for': `203.0.113.${k + 1}` },
  }));
  log(`per address, balanced, spoofed X-Forwarded-For: ${spoofing.map((r) => `${r.status}@${r.instance}`).join(' ')}`);
  check(acceptedCount(spoofing) === addressLimit && spoofing.slice(addressLimit).every((r) => r.status === '429'), `one address gets ${addressLimit} orders across the processes whatever X-Forwarded-For it sends, then 429`);
  figures.limits = { mailboxOneProcess: acceptedCount(one), mailboxThreeProcesses: acceptedCount(spread), addressThreeProcesses: acceptedCount(spoofing) };
}

async function survivesKill(pool: LinePool, apps: Proc[], databaseUrl: string, baselineOrderId: number): Promise<void> {
  const victim = apps[1];
  if (!victim) throw new Error('no second process');
  let done = 0;
  let killedAt = -1;
  const submissions = Array.from({ length: ORDERS }, (_, n) => ({ n, payload: { ...orderPayload(pool, n), email: `kill.run.${n}@example.com` } }));
  const results: Sent[] = new Array<Sent>(ORDERS);
  let next = 0;
  const runStarted = performance.now();
  const worker = async () => {
    while (next < submissions.length) {
      const s = submissions[next++];
      if (!s) break;
      results[s.n] = await sendLikeOutbox(s.payload, diner(50, s.n));
      done++;
      if (killedAt < 0 && done >= ORDERS / 3) {
        killedAt = done;
        victim.child.kill('SIGKILL');
        log(`SIGKILL ${victim.name} after ${done} of ${ORDERS} orders were answered`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - runStarted) / 1000;
  // The run may end before the health check's second miss (inter 1s, fastinter 500ms, fall 2):
  // the claim is that the balancer notices, not that it noticed within the run.
  const runEnded = performance.now();
  await poll(`the balancer marks ${victim.name} DOWN`, 10_000, async () => ((await balancerStats()).get(victim.name)?.status.startsWith('DOWN') ? true : undefined));
  check(true, `the balancer marked ${victim.name} DOWN (${Math.round(performance.now() - runEnded)} ms after the run ended)`);

  // What the database holds, through the idempotency keys (as scripts/fault-orders.ts counts).
  const client = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = drizzle(client, { schema: t });
    const keys = results.map((r) => r.key);
    const orders = await db.select({ id: t.orders.id, code: t.orders.code }).from(t.orders).where(gt(t.orders.id, baselineOrderId));
    const claims = await db.select({ key: t.idempotencyKeys.key, orderId: t.idempotencyKeys.orderId }).from(t.idempotencyKeys).where(inArray(t.idempotencyKeys.key, keys));
    const codeById = new Map(orders.map((o) => [o.id, o.code]));
    const codeByKey = new Map(claims.filter((c) => c.orderId !== null).map((c) => [c.key, codeById.get(c.orderId ?? -1)]));
    const owned = new Set(claims.map((c) => c.orderId).filter((id): id is number => id !== null));
    const attempts = results.flatMap((r) => r.attempts);
    const byInstance: Record<string, number> = {};
    for (const r of results) byInstance[instanceOf(r.final)] = (byInstance[instanceOf(r.final)] ?? 0) + 1;
    const kill = {
      orders: ORDERS,
      concurrency: CONCURRENCY,
      killedAfter: killedAt,
      seconds: Number(seconds.toFixed(1)),
      attempts: attempts.length,
      retried: results.filter((r) => r.attempts.length > 1).length,
      networkErrors: attempts.filter((o) => o.kind === 'network').length,
      gateway5xx: attempts.filter((o) => o.kind === 'response' && o.status >= 500).length,
      replayedAnswers: results.filter((r) => r.final.kind === 'response' && r.final.headers['idempotent-replayed'] === 'true').length,
      final2xx: results.filter((r) => isCreated(r.final)).length,
      finalAnsweredBy: byInstance,
      ordersInDb: orders.length,
      keysWithoutOrder: keys.filter((k) => !codeByKey.get(k)).length,
      ordersWithoutKey: orders.length - owned.size,
      codeMismatches: results.filter((r) => isCreated(r.final) && orderCodeOf((r.final as Answer).body) !== codeByKey.get(r.key)).length,
    };
    figures.kill = kill;
    log(`kill run: ${JSON.stringify(kill)}`);
    const failedSample = results.find((r) => !isCreated(r.final));
    if (failedSample) log(`first failed submission: ${failedSample.attempts.map(statusOf).join(' → ')}`);
    check(kill.final2xx === ORDERS, `every one of ${ORDERS} submissions ended in a 2xx`);
    check(kill.ordersInDb === ORDERS && kill.keysWithoutOrder === 0, 'no order lost: every key has its order, and the database holds exactly as many');
    check(kill.ordersWithoutKey === 0 && owned.size === ORDERS, 'no order duplicated: every stored order belongs to exactly one key');
    check(kill.codeMismatches === 0, 'every client was told the code of the order stored for its key');
  } finally {
    await client.end();
  }
}

/** A stopping process says "not ready" first: the balancer takes it out while it still serves, and no request fails. */
async function drainsOnStop(apps: Proc[]): Promise<void> {
  const leaving = apps[2];
  if (!leaving) throw new Error('no third process');
  let stop = false;
  const failures: string[] = [];
  let served = 0;
  const reader = async (k: number) => {
    for (let n = 0; !stop; n++) {
      const o = await request(BALANCER, '/api/products/categories', { from: diner(60 + k, n % 1000) });
      if (o.kind === 'response' && o.status === 200) served++;
      else failures.push(statusOf(o));
    }
  };
  const readers = Promise.all([0, 1, 2, 3].map(reader));
  const exited = new Promise<number | null>((resolve) => leaving.child.once('exit', (code) => resolve(code)));
  const signalled = performance.now();
  leaving.child.kill('SIGTERM');
  let downWhileRunning = false;
  await poll(`the balancer takes ${leaving.name} out`, 30_000, async () => {
    const status = (await balancerStats()).get(leaving.name)?.status ?? '';
    if (!status.startsWith('DOWN')) return undefined;
    downWhileRunning = leaving.child.exitCode === null && leaving.child.signalCode === null;
    return true;
  });
  const outAfterMs = Math.round(performance.now() - signalled);
  const code = await exited;
  const exitAfterMs = Math.round(performance.now() - signalled);
  stop = true;
  await readers;
  figures.drain = { drainSeconds: DRAIN_SECONDS, outOfRotationMs: outAfterMs, exitedMs: exitAfterMs, requests: served + failures.length, failed: failures.length };
  log(`drain: ${JSON.stringify(figures.drain)}`);
  check(downWhileRunning, `HAProxy took ${leaving.name} out ${outAfterMs} ms after SIGTERM, while it was still running`);
  check(code === 0, `${leaving.name} then closed cleanly (exit 0 after ${exitAfterMs} ms)`);
  check(failures.length === 0, `none of ${served + failures.length} requests during the stop failed${failures.length ? ` (${failures.slice(0, 3).join(', ')})` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// The run

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const problem = await canConnect(ADMIN_URL);
  if (problem) {
    console.log(`SKIPPED test:cluster: PostgreSQL is not reachable at ${ADMIN_URL} (${problem}); several processes need one shared PostgreSQL.`);
    return;
  }
  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (haproxy.status !== 0) throw new Failed("HAProxy is not installed: `apt-get install -y haproxy` (.ci/run does)");
  await buildServer();
  log(`${haproxy.stdout.split('\n')[0]}; server command: ${SERVER_COMMAND.slice(1).join(' ')}`);

  const name = `${DB_PREFIX}_${randomBytes(5).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dir = mkdtempSync(join(tmpdir(), 'storefront-cluster-'));
  await admin(`create database ${name}`);
  try {
    // All three start at once on the fresh database: the start-up lock makes one migrate and seed.
    const apps = INSTANCES.map((_, i) => startApp(i, databaseUrl, dir));
    for (const [i, app] of apps.entries()) {
      await poll(`${app.name} ready`, 180_000, async () => {
        if (app.child.exitCode !== null) throw new Failed(`${app.name} exited (${app.child.exitCode}):\n${app.output.join('')}`);
        const r = await request(`127.0.0.1:${portOf(i)}`, '/api/ready', { timeoutMs: 2000 });
        return r.kind === 'response' && r.status === 200 ? true : undefined;
      });
    }
    log('three processes ready on one fresh database');

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const db = drizzle(pool, { schema: t });
    // "Now" orders are refused while the restaurant is closed: open all week, whatever the clock says.
    await db.transaction(async (tx) => {
      await tx.delete(t.workingHours);
      await tx.insert(t.workingHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })));
    });
    await pool.end();

    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, balancerConfig());
    const balancer = startProcess('haproxy', ['haproxy', '-db', '-f', cfg], process.env);
    await poll('HAProxy sees three processes UP', 30_000, async () => {
      if (balancer.child.exitCode !== null) throw new Failed(`haproxy exited:\n${balancer.output.join('')}`);
      const stats = await balancerStats();
      return INSTANCES.every((n) => stats.get(n)?.status === 'UP') ? true : undefined;
    });
    log('HAProxy up with all three processes healthy');

    const linePool = await buildLinePool(`http://${BALANCER}`);
    log('(a) load spreads across the processes');
    await spreadsLoad();
    log('(b) live events across processes');
    await liveAcrossProcesses(linePool);
    log('(c) rate limits across processes');
    await limitsHold(linePool);
    log('(d) one process killed during a load run');
    await survivesKill(linePool, apps, databaseUrl, await currentMaxOrderId(databaseUrl));
    log('(e) a stopping process drains first');
    await drainsOnStop(apps);
    figures.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    console.log(`\nCLUSTER FIGURES ${JSON.stringify(figures)}`);
    log('all cluster checks passed');
  } finally {
    for (const proc of children) if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await Promise.all(children.map((p) => (p.child.exitCode === null && p.child.signalCode === null ? new Promise((r) => p.child.once('exit', r)) : undefined)));
    await admin(`drop database if exists ${name} with (force)`).catch((err: unknown) => console.error(`could not drop ${name}:`, err));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Orders above this id are the kill run's. */
async function currentMaxOrderId(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number | null }>('select max(id) as id from orders');
    return rows[0]?.id ?? 0;
  } finally {
    await c.end();
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nCLUSTER TEST FAILED: ${error instanceof Error ? (error instanceof Failed ? error.message : error.stack) : String(error)}`);
  process.exitCode = 1;
}
