/**
 * Shared by `fault-orders.ts` and the benchmarks (the order mix): start the real server over HTTP on one
 * database backend, build valid guest orders from the seeded catalog through the API, send them,
 * and read back from the database what was stored.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, gt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { DEFAULT_ORDER_LIMITS } from '../../src/server/orders/order-limits';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { restaurant } from '../../src/server/db/seed/data';
import { seedIfEmpty } from '../../src/server/db/seed/seed';
import { requiredOptions } from '../../tests/factories/choices';
import type { MenuSlotChoice } from '../../src/shared/contract/cart';
import type { Category, DataEnvelope, Menu, Product } from '../../src/shared/contract/catalog';
import type { CheckoutLine, CheckoutMenuLine, CheckoutPayload, CheckoutProductLine } from '../../src/shared/contract/checkout';
import { extraPriceForSize, validateMenuChoice, validateProductChoice } from '../../src/shared/pricing';

// ---------------------------------------------------------------------------------------------
// Environment

/** A whole number ≥ 0 from the environment, or the fallback; anything else is a usage error. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Backends

/** Where a PostgreSQL run gets its database: one named by the user, or a throwaway one we create. */
export type PostgresSource = { kind: 'given'; url: string } | { kind: 'throwaway'; adminUrl: string };

export type BackendPlan = { kind: 'pglite' } | { kind: 'postgres'; source: PostgresSource };

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Redacts a password, so a URL can be printed. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Null when PostgreSQL at `url` answers, else why not. */
export async function canConnect(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PGlite always. PostgreSQL on `BENCH_DATABASE_URL` when set (an unreachable URL the user asked
 * for is an error); otherwise on a throwaway database on the local server when it answers, and
 * skipped with a note when it does not.
 */
export async function planBackends(): Promise<{ plans: BackendPlan[]; notes: string[] }> {
  const plans: BackendPlan[] = [{ kind: 'pglite' }];
  const notes: string[] = [];
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const problem = await canConnect(given);
    if (problem) throw new Error(`BENCH_DATABASE_URL (${safeUrl(given)}) is not reachable: ${problem}`);
    plans.push({ kind: 'postgres', source: { kind: 'given', url: given } });
    notes.push(`PostgreSQL: using BENCH_DATABASE_URL ${safeUrl(given)} (working hours restored afterwards).`);
    return { plans, notes };
  }
  const problem = await canConnect(DEFAULT_ADMIN_URL);
  if (problem) notes.push(`PostgreSQL skipped: ${DEFAULT_ADMIN_URL} not reachable (${problem}). Set BENCH_DATABASE_URL to use another.`);
  else {
    plans.push({ kind: 'postgres', source: { kind: 'throwaway', adminUrl: DEFAULT_ADMIN_URL } });
    notes.push(`PostgreSQL: throwaway database on ${DEFAULT_ADMIN_URL}, dropped afterwards.`);
  }
  return { plans, notes };
}

async function adminQuery(adminUrl: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * pg-pool's `end()` resolves once it has *asked* its idle clients to end, not when their sessions
 * are gone. A `drop database … with (force)` right after terminates those sessions, and the
 * terminated client raises an unhandled 'error' that kills the process (seen under load). So wait
 * until the server lists no session on the database (a few seconds at most), then drop.
 */
async function dropWhenIdle(adminUrl: string, name: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { rows } = await adminQuery(adminUrl, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if ((rows[0] as { n: number } | undefined)?.n === 0) break;
    await sleep(100);
  }
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/** A database URL for the run, and what to do with it afterwards. */
async function preparePostgres(source: PostgresSource): Promise<{ url: string; drop: () => Promise<void> }> {
  if (source.kind === 'given') return { url: source.url, drop: async () => undefined };
  // Only [a-z0-9_] in the name, so it is safe to splice into DDL (which takes no parameters).
  const name = `storefront_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(source.adminUrl, `create database ${name}`);
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropWhenIdle(source.adminUrl, name),
  };
}

// ---------------------------------------------------------------------------------------------
// The server

export interface RunningServer {
  kind: 'pglite' | 'postgres';
  /** `http://127.0.0.1:<port>` */
  origin: string;
  database: Database;
  app: FastifyInstance;
  /** The highest order id before the run: orders above it are the run's (a given database may hold older ones). */
  baselineOrderId: number;
  /** The PostgreSQL database the run uses, for a second server on it; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * "Now" orders are refused while the restaurant is closed (Monday, nights). The run must not
 * depend on the wall clock, so every weekday becomes one all-day range. Returns the undo, which
 * only matters for a database that outlives the run.
 */
async function openAroundTheClock(db: Db): Promise<() => Promise<void>> {
  const saved = await db.select().from(t.workingHours);
  const replace = (rows: { weekday: number; start: string; end: string }[]) =>
    db.transaction(async (tx) => {
      await tx.delete(t.workingHours);
      if (rows.length) await tx.insert(t.workingHours).values(rows);
    });
  await replace(ALL_WEEKDAYS.map((weekday) => ({ weekday, start: '00:00', end: '24:00' })));
  return () => replace(saved.map(({ weekday, start, end }) => ({ weekday, start, end })));
}

export async function maxOrderId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(t.orders.id) }).from(t.orders);
  return row?.id ?? 0;
}

/** Orders stored since the run started. */
export async function countOrdersSince(db: Db, baselineOrderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.orders).where(gt(t.orders.id, baselineOrderId));
  return row?.n ?? 0;
}

/**
 * Opens the backend's database (migrated, seeded, open all day) and serves the real app on a free
 * port of 127.0.0.1. `close()` undoes everything: server, hours, connection, temp dir or database.
 */
/** A load generator is one client address placing thousands of orders: the flood limits would measure themselves. */
export const LOAD_ORDER_LIMITS = { ...DEFAULT_ORDER_LIMITS, scale: 9999 };

export async function startServer(plan: BackendPlan): Promise<RunningServer> {
  const storage = await prepareStorage(plan);
  let database: Database | undefined;
  try {
    database = await openDatabase(storage.options);
    await seedIfEmpty(database.db, restaurant);
    const restoreHours = await openAroundTheClock(database.db);
    const baselineOrderId = await maxOrderId(database.db);
    const app = await buildApp({ db: database.db, listen: database.listen, orderLimits: LOAD_ORDER_LIMITS });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const opened = database;
    return {
      kind: opened.kind,
      origin,
      database: opened,
      app,
      baselineOrderId,
      databaseUrl: storage.options.databaseUrl,
      async close() {
        await app.close();
        if (storage.keepsData) await restoreHours();
        await opened.close();
        await storage.remove();
      },
    };
  } catch (error) {
    // A half-started run still removes its temp dir or database.
    await database?.close().catch(() => undefined);
    await storage.remove().catch(() => undefined);
    throw error;
  }
}

/** Where the backend keeps its data, and how to remove it afterwards. */
async function prepareStorage(
  plan: BackendPlan,
): Promise<{ options: { databaseUrl?: string; dataDir: string }; keepsData: boolean; remove: () => Promise<void> }> {
  if (plan.kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
    return { options: { dataDir: dir }, keepsData: false, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pgDb = await preparePostgres(plan.source);
  return { options: { databaseUrl: pgDb.url, dataDir: 'memory://' }, keepsData: plan.source.kind === 'given', remove: pgDb.drop };
}

// ---------------------------------------------------------------------------------------------
// Payloads from the catalog

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { 'accept-language': 'en' } });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

function hasRequiredVariant(product: Product): boolean {
  return product.variants.some((v) => v.required);
}

/** One product line that passes the server's own choice validation, or null. */
function productLine(product: Product, mode: 'plain' | 'lastSize' | 'withExtra'): CheckoutProductLine | null {
  const size = mode === 'lastSize' ? product.sizes[product.sizes.length - 1] : product.sizes[0];
  if (!size) return null;
  const extra = mode === 'withExtra' ? product.extras.find((e) => extraPriceForSize(e, size.id) !== null) : undefined;
  if (mode === 'withExtra' && !extra) return null;
  const line: CheckoutProductLine = {
    type: 'productItem',
    productId: product.id,
    sizeId: size.id,
    qty: 1,
    options: requiredOptions(product.variants),
    extraIds: extra ? [extra.id] : [],
  };
  return validateProductChoice(product, line).length ? null : line;
}

/** One menu line, choosing the `pick`-th candidate of every slot (wrapping), or null. */
function menuLine(menu: Menu, pick: number): CheckoutMenuLine | null {
  const items: MenuSlotChoice[] = [];
  for (const slot of menu.items) {
    const candidate = slot.products[pick % Math.max(1, slot.products.length)];
    if (!candidate) return null;
    items.push({ slotId: slot.id, productId: candidate.id, options: requiredOptions(candidate.variants), extraIds: [] });
  }
  const line: CheckoutMenuLine = { type: 'menuItem', menuId: menu.id, qty: 1, items };
  return validateMenuChoice(menu, items).length ? null : line;
}

export interface LinePool {
  products: CheckoutProductLine[];
  menus: CheckoutMenuLine[];
}

/**
 * Valid lines built the way the client builds them: from the public catalog API. The mix covers
 * required variants (nested ones included), a larger size, an extra, plain products and menus.
 */
export async function buildLinePool(origin: string): Promise<LinePool> {
  const { data: categories } = await getJson<DataEnvelope<Category[]>>(`${origin}/api/products/categories`);
  const perCategory = await Promise.all(
    categories.map((c) => getJson<DataEnvelope<Product[]>>(`${origin}/api/products/categories/${c.id}/products`)),
  );
  const products = perCategory.flatMap((r) => r.data);
  const { data: menus } = await getJson<DataEnvelope<Menu[]>>(`${origin}/api/products/menus`);

  const withVariants = products.filter(hasRequiredVariant).map((p) => productLine(p, 'plain'));
  const sized = products.filter((p) => p.sizes.length > 1).map((p) => productLine(p, 'lastSize'));
  const extras = products.filter((p) => p.extras.length > 0).map((p) => productLine(p, 'withExtra'));
  const plain = products.filter((p) => !hasRequiredVariant(p)).map((p) => productLine(p, 'plain'));
  const valid = <T>(lines: (T | null)[], take: number): T[] => lines.filter((l): l is T => l !== null).slice(0, take);

  const pool: LinePool = {
    products: [...valid(withVariants, 4), ...valid(sized, 3), ...valid(extras, 2), ...valid(plain, 3)],
    menus: menus.flatMap((m) => valid([menuLine(m, 0), menuLine(m, 1)], 2)),
  };
  if (pool.products.length < 3 || pool.menus.length < 1) {
    throw new Error(`catalog too small for the order mix: ${pool.products.length} product lines, ${pool.menus.length} menu lines`);
  }
  return pool;
}

/** Describes the pool in one line, for the report. */
export function describePool(pool: LinePool): string {
  const withOptions = pool.products.filter((l) => Object.keys(l.options).length > 0).length;
  return `${pool.products.length} product lines (${withOptions} with required options) and ${pool.menus.length} menu lines`;
}

/**
 * Order `n`: three product lines and one menu line, rotating through the pool so consecutive
 * orders differ. A takeaway guest order paid in cash, as soon as possible.
 */
export function orderPayload(pool: LinePool, n: number): CheckoutPayload {
  const product = (offset: number): CheckoutLine => {
    const line = pool.products[(n + offset) % pool.products.length];
    if (!line) throw new Error('empty product pool');
    return { ...line, qty: 1 + ((n + offset) % 3) };
  };
  const menu = pool.menus[n % pool.menus.length];
  if (!menu) throw new Error('empty menu pool');
  return {
    items: [product(0), product(1), product(2), menu],
    name: `Bench Guest ${n}`,
    email: `bench.guest${n}@example.com`,
    phone: '+49 40 46095070',
    deliverType: 'takeaway',
    deliverAt: 'now',
    deliverDate: null,
    notes: '',
    tip: 0,
    terms: true,
    paymentType: 'cash',
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Like a browser, the load client echoes the anti-forgery cookie in its header (double submit). */
const XSRF_VALUE = 'load-script-xsrf-token-0123456789abcdefghij';
const XSRF_PAIR = { cookie: `XSRF-TOKEN=${XSRF_VALUE}`, 'x-xsrf-token': XSRF_VALUE };

export type PostOutcome =
  | { kind: 'response'; status: number; body: unknown; replayed: boolean; ms: number }
  | { kind: 'network'; error: string; ms: number };

/** One POST /api/checkout/v2. Network failures are an outcome, not an exception: callers count or retry them. */
export async function postOrder(origin: string, payload: CheckoutPayload, idempotencyKey: string, timeoutMs = 15_000): Promise<PostOutcome> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/checkout/v2`, {
      method: 'POST',
      headers: { ...XSRF_PAIR, 'content-type': 'application/json', 'accept-language': 'en', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text, it is only shown in error samples.
    }
    const replayed = res.headers.get('idempotent-replayed') === 'true';
    return { kind: 'response', status: res.status, body, replayed, ms: performance.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { kind: 'network', error: `${error instanceof Error ? error.message : String(error)}${cause}`, ms: performance.now() - started };
  }
}

/** The order code in a checkout answer (`data.order.code`), or null. */
export function orderCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const data: unknown = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const order: unknown = (data as { order?: unknown }).order;
  if (typeof order !== 'object' || order === null) return null;
  const code: unknown = (order as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

// ---------------------------------------------------------------------------------------------
// Reporting

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

/** A plain text table: first row is the header, columns padded to fit. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  const line = (r: string[]) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  ');
  const [head, ...body] = rows;
  if (!head) return '';
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
