import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/** drizzle-kit's journal: one entry per migration file, `when` is the migration's folder time. */
interface Journal {
  entries: { when: number }[];
}

/**
 * Whether the database already holds every migration of `migrationsFolder`, asked with two cheap queries.
 * Drizzle's migrator applies exactly the migrations newer than the newest recorded one (by the
 * journal's `when`), so "the newest recorded is at least the newest in the journal" is its own
 * "nothing to do". A restart skips the migrator's reading and hashing of every file and its two
 * CREATE … IF NOT EXISTS statements (decision 035); a fresh database, or one behind, is migrated as
 * before.
 */
export async function migrationsCurrent(db: Db, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const newest = Math.max(...journal.entries.map((e) => e.when));
  // A fresh database has no journal table yet; a query naming it would fail there.
  const table = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!table[0]?.present) return false;
  const rows = rowsOf<{ newest: string | number | null }>(await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`));
  const recorded = rows[0]?.newest;
  return recorded !== null && recorded !== undefined && Number(recorded) >= newest;
}
