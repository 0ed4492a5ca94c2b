import { fsyncSync, mkdirSync } from 'node:fs';
import type { PGliteOptions } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsCurrent } from './migrations-current';
import { sharedParsers } from './pglite-parsers';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Told of every NOTIFY on a channel; `resync` after a lost listening connection came back (notices may be missing). */
export interface Listener {
  notify(payload: string): void;
  resync(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel: every process sharing the database hears every NOTIFY, after its transaction commits. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while no other process sharing the database runs its own: several app processes
   * started together would otherwise migrate and seed one fresh database at the same time.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of the start-up work (any constant no other program on the database uses). */
const STARTUP_LOCK_KEY = 7_469_736_368;

const appMigrations = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a connection string is given, otherwise embedded PGlite in `dataDir`
 * ('memory://' keeps it in memory, for tests). Both run the same migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite on disk: fsync at commit as PostgreSQL does (default). `false` only for benchmarks comparing the cost. */
  durable?: boolean;
  /** Where the migrations are; the app's own unless a test brings a folder with one more. */
  migrationsFolder?: string;
}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? appMigrations;
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    const url = options.databaseUrl;
    // A session lock on a connection of its own: ending that session releases it, even if `fn` throws.
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
      const lock = new pg.Client({ connectionString: url });
      lock.on('error', () => undefined);
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await lock.end().catch(() => undefined);
      }
    };
    // Up to date (every restart but the one after an upgrade): no lock, no migrator. Checked again
    // under the lock, where another process starting at the same time may have just migrated.
    if (!(await migrationsCurrent(db, migrationsFolder))) {
      await exclusive(async () => {
        if (!(await migrationsCurrent(db, migrationsFolder))) await migrate(db, { migrationsFolder });
      });
    }
    return {
      db,
      kind: 'postgres',
      exclusive,
      listen: (channel, listener) => listenOnPostgres(() => new pg.Client({ connectionString: url }), channel, listener),
      close: () => pool.end(),
    };
  }

  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const onDisk = !options.dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(onDisk && options.durable !== false ? await durableOptions(options.dataDir, PGlite.defaultStartParams) : { dataDir: options.dataDir });
  const db = drizzle(sharedParsers(client), { schema });
  if (!(await migrationsCurrent(db, migrationsFolder))) await migrate(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory: nobody to wait for.
    exclusive: (fn) => fn(),
    // One connection in one process: PGlite hands its own notifications back after each commit.
    listen: (channel, listener) => client.listen(channel, (payload) => listener.notify(payload)),
    close: () => client.close(),
  };
}

/** What PGlite's Emscripten module has of Node's file system driver: its per-file operations. */
interface EmscriptenNodeFs {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => void } };
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Emscripten NODEFS driver has no fsync
 * anyway (fdatasync is a no-op there): a committed order lives in the OS page cache until the
 * kernel writes it, and a power cut can take it (decision 031). So: fsync on, WAL flushed with
 * fsync(2) (the one call the driver can be taught), and the driver taught to pass it to Node's
 * fsyncSync. PostgreSQL then syncs the WAL at each commit and data files at checkpoints, as it does
 * natively.
 */
async function durableOptions(dataDir: string, defaults: readonly string[]): Promise<PGliteOptions> {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class SyncingNodeFS extends NodeFS {
    override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>): ReturnType<InstanceType<typeof NodeFS>['init']> {
      const made = await super.init(...args);
      const teach = (mod: unknown) => {
        const ops = (mod as EmscriptenNodeFs).NODEFS.stream_ops;
        ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        };
      };
      made.emscriptenOpts.preRun = [...(made.emscriptenOpts.preRun ?? []), teach];
      return made;
    }
  }
  return {
    fs: new SyncingNodeFS(dataDir),
    startParams: [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  };
}

interface ListeningClient {
  connect(): Promise<unknown>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (msg: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', fn: (...args: unknown[]) => void): unknown;
  removeAllListeners(): unknown;
}

/**
 * A connection of its own that stays in LISTEN (a pooled one would be handed to queries). When it
 * drops, it reconnects with a growing pause and says `resync`, so streams catch up from the table.
 */
async function listenOnPostgres(connect: () => ListeningClient, channel: string, listener: Listener): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: ListeningClient | undefined;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const c = connect();
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) listener.notify(msg.payload);
    });
    const lost = () => {
      c.removeAllListeners();
      c.on('error', () => undefined);
      if (client === c) client = undefined;
      if (!stopped) schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      open().then(
        () => {
          retryMs = 250;
          listener.resync();
        },
        () => {
          retryMs = Math.min(retryMs * 2, 10_000);
          if (!stopped) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
    }
  };
}
