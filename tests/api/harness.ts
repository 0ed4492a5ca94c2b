import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { restaurant } from '../../src/server/db/seed/data';
import { seedIfEmpty } from '../../src/server/db/seed/seed';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestApp(backend: Backend, options: { seed?: boolean } = {}): Promise<TestApp & { dispose(): Promise<void> }> {
  const pgDb = backend === 'postgres' ? await createPostgresDatabase() : null;
  const database = await openDatabase({ databaseUrl: pgDb?.url, dataDir: 'memory://' });
  if (options.seed !== false) await seedIfEmpty(database.db, restaurant);
  const app = await buildApp({ db: database.db });
  return {
    app,
    database,
    async dispose() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/** Opens one seeded app for the enclosing describe block and closes it after. */
export function useTestApp(backend: Backend): () => TestApp {
  let current: (TestApp & { dispose(): Promise<void> }) | undefined;
  beforeAll(async () => {
    current = await openTestApp(backend);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error('test app not ready');
    return current;
  };
}
