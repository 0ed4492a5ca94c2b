/**
 * What an order reads before it is validated, in one statement: the database's clock, the catalog revision its prices
 * must match (decision 030), the answer already stored under its Idempotency-Key, and the pauses
 * and sold-out switches live now. One round trip instead of four, all from one snapshot.
 */
import { eq, sql } from 'drizzle-orm';
import { REVISION_SQL, revisionOf } from '../catalog/snapshot';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import * as t from '../db/schema';
import { liveHoldsSql, type LiveHolds } from '../staff/availability';

/** The first answer given under a key. */
export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

export interface OrderReads {
  /** The database's clock: a new order's creation time, as every other row's default would have it. */
  at: Date;
  revision: string;
  earlier: StoredAnswer | null;
  holds: LiveHolds;
}

interface OrderReadsRow {
  at: Date | string;
  revision: string | null;
  earlier: StoredAnswer | null;
  holds: Omit<LiveHolds, 'now'>;
}

const ORDER_READS = preparedStatement<OrderReadsRow>('order-reads', () => {
  const k = t.idempotencyKeys;
  const earlier = sql`(select json_build_object('requestHash', ${k.requestHash}, 'statusCode', ${k.statusCode}, 'response', ${k.response})
    from ${k} where ${k.key} = ${sql.placeholder('key')})`;
  return sql`select now() as at, ${REVISION_SQL} as revision, ${earlier} as earlier, ${liveHoldsSql(sql.placeholder('now'))} as holds`;
});

export async function readForOrder(db: Db, key: string, now: Date): Promise<OrderReads> {
  const [row] = await ORDER_READS.run(db, { key, now: now.toISOString() });
  if (!row) throw new Error('order reads returned nothing');
  return { at: new Date(row.at), revision: revisionOf(row.revision), earlier: row.earlier, holds: { now, ...row.holds } };
}

/** The answer under `key` once another request committed it. */
export async function readStoredAnswer(db: Db, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ requestHash: t.idempotencyKeys.requestHash, statusCode: t.idempotencyKeys.statusCode, response: t.idempotencyKeys.response })
    .from(t.idempotencyKeys)
    .where(eq(t.idempotencyKeys.key, key));
  return row ?? null;
}
