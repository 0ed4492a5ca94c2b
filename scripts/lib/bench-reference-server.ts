/**
 * The minimal reference the benchmarks compare the product with: the same stack (Fastify 5, pg on
 * PostgreSQL, PGlite embedded), doing only what an idempotent order route cannot skip.
 *
 * - POST /ref/orders: validates the body (Fastify's compiled JSON schema) and the Idempotency-Key,
 *   then one transaction inserts the order keyed by that key (ON CONFLICT: a repeat returns the
 *   stored order) and answers 201 with it.
 * - GET /ref/menu: a fixed JSON document (REF_MENU_FILE, the product's menu answer), serialized once.
 *
 * Runs as its own process: `node --import tsx scripts/lib/bench-reference-server.ts`, configured by
 * REF_PORT, and REF_DATABASE_URL (PostgreSQL) or REF_DATA_DIR (PGlite). Its table is ref_orders.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

interface Sql {
  /** Runs `work` inside one transaction; `query` is only valid inside it. */
  transaction<T>(work: (query: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const TABLE = `create table if not exists ref_orders (
  id serial primary key,
  idempotency_key text not null unique,
  name text not null,
  email text not null,
  items jsonb not null,
  created_at timestamptz not null default now()
)`;

async function openSql(): Promise<Sql> {
  const url = process.env.REF_DATABASE_URL;
  if (url) {
    // The product's pool size, so both sides may hold as many connections.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(TABLE);
    return {
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.REF_DATA_DIR;
  if (!dataDir) throw new Error('REF_DATABASE_URL or REF_DATA_DIR is required');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  await db.exec(TABLE);
  return {
    transaction: (work) => db.transaction((tx) => work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows)),
    close: () => db.close(),
  };
}

const orderBody = {
  type: 'object',
  required: ['items', 'name', 'email', 'terms'],
  properties: {
    items: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'object', required: ['type'], properties: { type: { enum: ['productItem', 'menuItem'] } } } },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 200 },
    terms: { const: true },
  },
} as const;

const keyHeaders = {
  type: 'object',
  required: ['idempotency-key'],
  properties: { 'idempotency-key': { type: 'string', minLength: 8, maxLength: 100 } },
} as const;

async function main(): Promise<void> {
  const sql = await openSql();
  const menuFile = process.env.REF_MENU_FILE;
  const menu = menuFile ? readFileSync(menuFile, 'utf8') : '{"data":[]}';
  const app = Fastify({ logger: false });

  app.post('/ref/orders', { schema: { body: orderBody, headers: keyHeaders } }, async (request, reply) => {
    const body = request.body as { items: unknown[]; name: string; email: string };
    const key = request.headers['idempotency-key'] as string;
    const row = await sql.transaction(async (query) => {
      const [inserted] = await query(
        'insert into ref_orders (idempotency_key, name, email, items) values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing returning id, created_at',
        [key, body.name, body.email, JSON.stringify(body.items)],
      );
      if (inserted) return { id: inserted.id, createdAt: inserted.created_at, replayed: false };
      const [stored] = await query('select id, created_at from ref_orders where idempotency_key = $1', [key]);
      return { id: stored?.id, createdAt: stored?.created_at, replayed: true };
    });
    reply.code(row.replayed ? 200 : 201);
    return { data: { order: { code: `R${String(row.id)}`, createdAt: row.createdAt } } };
  });

  app.get('/ref/menu', async (_request, reply) => reply.type('application/json; charset=utf-8').send(menu));
  app.get('/ref/health', async () => ({ data: { ok: true } }));

  const close = async () => {
    await app.close();
    await sql.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await app.listen({ port: Number(process.env.REF_PORT ?? 0), host: '127.0.0.1' });
}

await main();
