/**
 * A restart on a database that holds every migration skips the migrator (one cheap check, decision
 * 035); a database behind, or a release that brings a new migration, is still migrated, once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrationsCurrent } from '../../src/server/db/migrations-current';
import { rowsOf } from '../../src/server/db/rows';

const appMigrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'migrations-on-restart-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The app's migrations plus one more, as the next release would bring it. */
function withOneMore(): string {
  const folder = join(scratch, 'migrations');
  cpSync(appMigrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_restart_probe`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), 'CREATE TABLE "restart_probe" ("id" integer PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO "restart_probe" VALUES (1);');
  return folder;
}

const applied = async (database: Database) => Number(rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]?.n);

describe('migrations on restart', () => {
  it('skips the migrator when up to date, and still applies a new migration to an existing data directory once', async () => {
    const dataDir = join(scratch, 'data');
    const journalSize = (folder: string) => (JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

    const first = await openDatabase({ dataDir });
    expect(await applied(first)).toBe(journalSize(appMigrations));
    expect(await migrationsCurrent(first.db, appMigrations)).toBe(true);
    await first.close();

    const next = withOneMore();
    const upgraded = await openDatabase({ dataDir, migrationsFolder: next });
    try {
      expect(await applied(upgraded)).toBe(journalSize(appMigrations) + 1);
      expect(rowsOf(await upgraded.db.execute(sql`select id from restart_probe`))).toEqual([{ id: 1 }]);
      expect(await migrationsCurrent(upgraded.db, next)).toBe(true);
    } finally {
      await upgraded.close();
    }

    // Up to date now: opened again, nothing is applied twice (a second run of the probe's INSERT would fail).
    const again = await openDatabase({ dataDir, migrationsFolder: next });
    try {
      expect(await applied(again)).toBe(journalSize(appMigrations) + 1);
      expect(rowsOf(await again.db.execute(sql`select id from restart_probe`))).toEqual([{ id: 1 }]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('says a database that lacks the newest migration is not up to date', async () => {
    const migrated = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await migrationsCurrent(migrated.db, appMigrations)).toBe(true);
      await migrated.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await migrationsCurrent(migrated.db, appMigrations)).toBe(false);
    } finally {
      await migrated.close();
    }
  });
});
