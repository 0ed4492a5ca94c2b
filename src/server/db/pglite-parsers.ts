/**
 * Drizzle passes a `parsers` option with every PGlite statement (dates, intervals and their arrays
 * left as text), and PGlite merges it into a copy of its whole parser table each time: that copy
 * cost as much as a small query. The same parsers are installed once on the client here, and the
 * per-statement option is dropped, so every result is parsed exactly as Drizzle asked.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite session keeps as text (drizzle-orm/pglite/session.js): timestamp,
 * timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval, date.
 * Numbers, not PGlite's `types`, so a PostgreSQL deployment never loads PGlite.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

type Query = PGlite['query'];

function withoutParsers(query: Query): Query {
  return ((text: string, params?: unknown[], options?: Parameters<Query>[2]) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options)) as Query;
}

function delegate<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(obj, prop) {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof T];
      const value: unknown = Reflect.get(obj, prop, obj);
      // PGlite keeps private state keyed by `this`: its methods must run on the real client.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(obj) : value;
    },
  });
}

export function sharedParsers(client: PGlite): PGlite {
  for (const oid of TEXT_TYPES) client.parsers[oid] = (value: string) => value;
  return delegate(client, {
    query: withoutParsers(client.query.bind(client)),
    transaction: (<T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn(delegate(tx, { query: withoutParsers(tx.query.bind(tx)) })))) as PGlite['transaction'],
  });
}
