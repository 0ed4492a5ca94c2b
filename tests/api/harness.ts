import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { restaurant } from '../../src/server/db/seed/data';
import { seedIfEmpty } from '../../src/server/db/seed/seed';
import type { Geocoder } from '../../src/server/geo/geocoder';
import type { PaymentConfig } from '../../src/server/config';
import type { BranchSetup } from '../../src/server/branches';
import type { Mailer } from '../../src/server/mail/mailer';
import type { OrderLimits } from '../../src/server/orders/order-limits';
import type { SocialLogins } from '../../src/server/social/logins';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (unset on PGlite), for a second app instance on the same database. */
  databaseUrl?: string;
}

/** A throwaway database per test file, so files run in parallel without seeing each other. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `storefront_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // pg's pool.end() resolves before its clients have finished saying goodbye; dropping the
        // database with force under them kills them mid-goodbye (57P01), an unhandled error that
        // fails the run. Let them leave first; force only what is still there after 5 s.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (!rows[0]?.n) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** What a test may set on the app it opens; every field is optional, so existing callers keep working. */
export interface TestAppOptions {
  /** Seed the demo restaurant (default true). */
  seed?: boolean;
  /** Turns the operator API on with this key (off when unset, as in production without OPERATOR_KEY). */
  operatorKey?: string;
  /** Where the app's mail goes; read `sent` to see it. A fresh memory mailer when unset. */
  mailer?: Mailer;
  /** Social providers (point them at the stand-in identity provider). */
  social?: SocialLogins;
  /** The app's logger options (off when unset); tests of the log pass a stream. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Order flood limits and ceiling; by default out of the way: a test file places dozens of orders
   * as one guest, and the quantity and tip edges add up beyond the ceiling (order-limits.test.ts tests both).
   */
  orderLimits?: OrderLimits;
  /** The address lookup (the built-in gazetteer when unset). */
  geocoder?: Geocoder;
  /** Payment providers besides cash; the sandbox is on unless this says otherwise (as in a demo). */
  payments?: PaymentConfig;
  /** The public origin (PUBLIC_URL). */
  publicUrl?: string;
  /** The restaurant's branches and whether this app is one of them (none when unset, as without BRANCHES). */
  branches?: BranchSetup;
  /** The mail outbox's timing (retry tests shorten it). */
  mailOutbox?: AppOptions['mailOutbox'];
}

export async function openTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp & { databaseUrl?: string; dispose(): Promise<void> }> {
  const pgDb = backend === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir: 'memory://' });
  if (options.seed !== false) await seedIfEmpty(database.db, restaurant);
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    databaseKind: database.kind,
    operatorKey: options.operatorKey,
    mailer: options.mailer,
    social: options.social,
    logger: options.logger,
    geocoder: options.geocoder,
    orderLimits: options.orderLimits ?? { maxTotalCents: 1_000_000, scale: 1000 },
    payments: options.payments ?? { sandbox: true, stripe: undefined },
    publicUrl: options.publicUrl,
    branches: options.branches,
    mailOutbox: options.mailOutbox,
  });
  return {
    app,
    database,
    databaseUrl: pgDb?.url,
    async dispose() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/** Opens one seeded app for the enclosing describe block and closes it after. */
export function useTestApp(backend: Backend, options: Omit<TestAppOptions, 'seed'> = {}): () => TestApp {
  let current: (TestApp & { dispose(): Promise<void> }) | undefined;
  beforeAll(async () => {
    current = await openTestApp(backend, options);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error('test app not ready');
    return current;
  };
}
