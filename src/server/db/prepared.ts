/**
 * A statement whose SQL text is built once, with named placeholders for its values. Building a
 * large statement with Drizzle's `sql` template walks every chunk on every call: the order's
 * single write spent 15 % of the server's CPU there (issue 16). Built once, a call only fills in
 * the values; on PostgreSQL the statement is also prepared under its name once per connection, so
 * the server parses and plans it once instead of for every order.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './rows';

// The app's Drizzle instances use the default dialect (no casing option): the same text as `db.execute` builds.
const dialect = new PgDialect();

export interface PreparedStatement<Row> {
  /** Runs on `q`, a database or a transaction, with a value for every placeholder. */
  run(q: Db, values: Record<string, unknown>): Promise<Row[]>;
}

/** `name` must be unique across the app: PostgreSQL keeps one statement per name on each connection. */
export function preparedStatement<Row>(name: string, build: () => SQL): PreparedStatement<Row> {
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return {
    async run(q, values) {
      query ??= dialect.sqlToQuery(build());
      const prepared = q._.session.prepareQuery(query, undefined, name, false);
      return rowsOf<Row>(await prepared.execute(values));
    },
  };
}
