/**
 * The two servers a benchmark compares, each started as its own process on a fresh database:
 * the product (its real entry point, BENCH_SERVER_CMD run in BENCH_SERVER_DIR) and the minimal
 * reference (bench-reference-server.ts). Also the direct database access the benchmarks need
 * around a run (opening the restaurant all day, counting what was stored).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildServer } from '../build-server.mjs';
import { parseCommand, pickPort, startProcess, type ServerProcess } from './bench-processes';
import { safeUrl, sleep } from './order-load';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const REFERENCE_SCRIPT = resolve(import.meta.dirname, 'bench-reference-server.ts');

/**
 * The product's command line and the directory it runs in: by default the compiled server, as
 * production runs it (this checkout's is built afresh by startProduct).
 */
export function productCommand(): { command: string[]; cwd: string; label: string } {
  const line = process.env.BENCH_SERVER_CMD?.trim() || 'node dist-server/serve.js';
  const cwd = resolve(process.env.BENCH_SERVER_DIR?.trim() || REPO_ROOT);
  return { command: parseCommand(line), cwd, label: `${line} (in ${cwd})` };
}

// ---------------------------------------------------------------------------------------------
// Databases

export type BackendKind = 'pglite' | 'postgres';

/** A backend's storage for one benchmark: fresh, and removed by `remove()`. */
export interface Storage {
  kind: BackendKind;
  /** The product's DATA_DIR (PGlite's data, or only its mail outbox on PostgreSQL). */
  productDir: string;
  /** The reference's PGlite directory (unused on PostgreSQL, where it has its own table). */
  referenceDir: string;
  databaseUrl: string | undefined;
  remove(): Promise<void>;
}

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Null when PostgreSQL answers on BENCH_PG_ADMIN_URL, else why not. */
export async function postgresProblem(): Promise<string | null> {
  try {
    await adminQuery('select 1');
    return null;
  } catch (error) {
    return `${safeUrl(ADMIN_URL)} not reachable (${error instanceof Error ? error.message : String(error)})`;
  }
}

export async function prepareStorage(kind: BackendKind): Promise<Storage> {
  const root = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const productDir = join(root, 'product');
  const referenceDir = join(root, 'reference');
  const removeDirs = () => rmSync(root, { recursive: true, force: true });
  if (kind === 'pglite') return { kind, productDir, referenceDir, databaseUrl: undefined, remove: async () => removeDirs() };
  // Only [a-z0-9_] in the name, so it is safe to splice into DDL (which takes no parameters).
  const prefix = (process.env.BENCH_DB_PREFIX?.trim() || 'storefront_bench_').replace(/[^a-z0-9_]/g, '');
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    productDir,
    referenceDir,
    databaseUrl: url.toString(),
    async remove() {
      removeDirs();
      // The servers have stopped; wait for their sessions to go before dropping.
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const { rows } = await adminQuery('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((rows[0] as { n: number } | undefined)?.n === 0) break;
        await sleep(100);
      }
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Plain SQL on a backend's database, while no server holds it (PGlite allows one process). */
export interface RawDb {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openRaw(databaseUrl: string | undefined, dataDir: string): Promise<RawDb> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[], close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  return { query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows, close: () => db.close() };
}

// ---------------------------------------------------------------------------------------------
// Servers

let statementFiles = 0;
const statementsFile = () => join(tmpdir(), `storefront-bench-statements-${process.pid}-${statementFiles++}`);

function productEnv(storage: Storage, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: storage.productDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    // One client address placing thousands of orders: the flood limits would measure themselves.
    RATE_LIMIT_SCALE: '9999',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SEED: 'demo',
    OWNER_EMAIL: '',
    OWNER_PASSWORD: '',
  };
}

/**
 * The product on a fresh database, ready for orders: a first start migrates and seeds, then (the
 * server stopped) every weekday becomes open all day, so "now" orders never meet a closed
 * kitchen, whatever the wall clock says. Returns the highest order id before the run.
 */
/** Every weekday open from midnight to midnight: "now" orders never meet a closed kitchen, whatever the wall clock says. */
export async function openAllDay(raw: RawDb): Promise<void> {
  await raw.query('delete from working_hours');
  await raw.query(`insert into working_hours (weekday, start, "end") select g, '00:00', '24:00' from generate_series(0, 6) g`);
}

export async function startProduct(storage: Storage): Promise<{ server: ServerProcess; baselineOrderId: number }> {
  const { command, cwd } = productCommand();
  if (!process.env.BENCH_SERVER_CMD?.trim() && cwd === REPO_ROOT) await buildServer();
  const port = await pickPort(0);
  const options = { name: 'product', command, cwd, env: productEnv(storage, port), port, healthPath: '/api/health', statementsFile: statementsFile() };
  const first = await startProcess(options);
  await first.stop();
  const raw = await openRaw(storage.databaseUrl, storage.productDir);
  let baselineOrderId: number;
  try {
    await openAllDay(raw);
    const [row] = await raw.query<{ id: number | null }>('select max(id) as id from orders');
    baselineOrderId = row?.id ?? 0;
  } finally {
    await raw.close();
  }
  return { server: await startProcess(options), baselineOrderId };
}

export async function startReference(storage: Storage, menuFile?: string): Promise<ServerProcess> {
  const port = await pickPort(1);
  return startProcess({
    name: 'reference',
    command: [process.execPath, '--import', 'tsx', REFERENCE_SCRIPT],
    cwd: REPO_ROOT,
    env: {
      REF_PORT: String(port),
      REF_DATABASE_URL: storage.databaseUrl ?? '',
      REF_DATA_DIR: storage.referenceDir,
      ...(menuFile ? { REF_MENU_FILE: menuFile } : {}),
    },
    port,
    healthPath: '/ref/health',
    statementsFile: statementsFile(),
  });
}

// ---------------------------------------------------------------------------------------------
// Figures

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** "12.3×": how many times the product is behind the reference (higher-is-better or lower-is-better). */
export function behind(product: number, reference: number, higherIsBetter: boolean): string {
  if (!Number.isFinite(product) || !Number.isFinite(reference) || product <= 0 || reference <= 0) return '';
  return `${(higherIsBetter ? reference / product : product / reference).toFixed(1)}×`;
}
