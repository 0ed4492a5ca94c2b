/**
 * One event bus for every process sharing the database. A change writes its event row and
 * `pg_notify` in its own transaction, so the event exists exactly when the change does: listeners
 * hear it after the commit, never for a rolled-back change. PostgreSQL fans it out to every
 * process that LISTENs; PGlite (one process) hands it back to its own listener.
 */
import { and, asc, desc, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { LiveEventData } from '../../shared/contract/staff';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';
import * as t from '../db/schema';

export const LIVE_CHANNEL = 'live_events';
/**
 * `staff`: what only the restaurant's screens hear (a new contact message, a reservation);
 * `tables`: a table's tab and calls, for the staff and that table's phones.
 */
export type Topic = 'orders' | 'menu' | 'staff' | 'tables';
const TOPICS: readonly Topic[] = ['orders', 'menu', 'staff', 'tables'];
const isTopic = (value: unknown): value is Topic => TOPICS.includes(value as Topic);

export interface LiveEvent {
  id: number;
  topic: Topic;
  data: LiveEventData;
}

export type BusMessage = LiveEvent | 'resync';

export function topicOf(data: LiveEventData): Topic {
  if (data.type === 'contact' || data.type === 'reservation') return 'staff';
  if (data.type === 'table') return 'tables';
  return data.type === 'order' ? 'orders' : 'menu';
}

/**
 * The event as parts of a larger statement: `insert`, a CTE named `live` that records it, and
 * `notify`, an expression over `live` that sends `{"id":…,"topic":…,"data":…}` with the id the
 * insert drew. A change that already writes one statement publishes inside it, if `when` holds.
 */
export function liveEventSql(data: LiveEventData, when: SQL = sql`true`): { insert: SQL; notify: SQL } {
  return liveEventParts(topicOf(data), sql`${JSON.stringify(data)}`, when);
}

/** The same with the event's data as `payload`, the JSON text of a LiveEventData of `topic` (a statement built once takes it as a value). */
export function liveEventParts(topic: Topic, payload: SQL, when: SQL): { insert: SQL; notify: SQL } {
  const e = t.liveEvents;
  return {
    insert: sql`live as (insert into ${e} (${sql.identifier(e.topic.name)}, ${sql.identifier(e.payload.name)})
      select ${topic}, ${payload}::jsonb where ${when} returning ${sql.identifier(e.id.name)} as id)`,
    notify: sql`pg_notify(${LIVE_CHANNEL}, '{"id":' || live.id || ',"topic":' || ${JSON.stringify(topic)}::text || ',"data":' || ${payload}::text || '}')`,
  };
}

/** Records the event in the caller's transaction; it is heard once that transaction commits. */
export async function publish(tx: Db, data: LiveEventData): Promise<void> {
  const event = liveEventSql(data);
  const rows = rowsOf<{ id: number }>(await tx.execute(sql`with ${event.insert} select live.id, ${event.notify} from live`));
  if (!rows.length) throw new Error('live event insert returned nothing');
}

export interface EventBus {
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** Events after `id` in these topics, oldest first (a reconnect's catch-up). */
  since(id: number, topics: Topic[]): Promise<LiveEvent[]>;
  latestId(): Promise<number>;
  close(): Promise<void>;
}

/** A day is far longer than any reconnect; after that a stream starts over from the current state. */
export const LIVE_EVENT_RETENTION_HOURS = 24;

function parse(payload: string): LiveEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.id !== 'number' || !isTopic(value.topic) || !value.data) return undefined;
    return { id: value.id, topic: value.topic, data: value.data };
  } catch {
    return undefined;
  }
}

export async function createEventBus(database: Pick<Database, 'db' | 'listen'>): Promise<EventBus> {
  const { db } = database;
  const listeners = new Set<(message: BusMessage) => void>();
  const emit = (message: BusMessage) => {
    for (const listener of listeners) listener(message);
  };
  const stop = await database.listen(LIVE_CHANNEL, {
    notify: (payload) => {
      const event = parse(payload);
      if (event) emit(event);
    },
    resync: () => emit('resync'),
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async since(id, topics) {
      const rows = await db
        .select()
        .from(t.liveEvents)
        .where(and(gt(t.liveEvents.id, id), inArray(t.liveEvents.topic, topics)))
        .orderBy(asc(t.liveEvents.id))
        .limit(1000);
      return rows.map((r) => ({ id: r.id, topic: r.topic as Topic, data: r.payload as unknown as LiveEventData }));
    },
    async latestId() {
      const [row] = await db.select({ id: t.liveEvents.id }).from(t.liveEvents).orderBy(desc(t.liveEvents.id)).limit(1);
      return row?.id ?? 0;
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}

export async function pruneLiveEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(t.liveEvents).where(lt(t.liveEvents.createdAt, new Date(now.getTime() - LIVE_EVENT_RETENTION_HOURS * 3_600_000)));
}
