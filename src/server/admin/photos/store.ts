/**
 * Encoded photo files in the database (decision 023): every instance sharing PostgreSQL serves
 * every photo, and a file is written once whatever number of posters use it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import type { EncodedFile } from './process';

export async function saveFiles(tx: Db, files: readonly EncodedFile[]): Promise<void> {
  const unique = new Map(files.map((f) => [f.hash, f]));
  for (const f of unique.values()) {
    await tx
      .insert(t.mediaFiles)
      .values({ hash: f.hash, contentType: f.contentType, bytes: f.bytes, width: f.width, height: f.height })
      .onConflictDoNothing();
  }
}

export interface ServedFile {
  contentType: string;
  bytes: Buffer;
}

export async function readFile(db: Db, hash: string): Promise<ServedFile | undefined> {
  const [row] = await db
    .select({ contentType: t.mediaFiles.contentType, bytes: t.mediaFiles.bytes })
    .from(t.mediaFiles)
    .where(eq(t.mediaFiles.hash, hash));
  return row;
}

/**
 * Files no poster names any more (a photo replaced or removed), once older than a day: the day
 * leaves time for an upload whose transaction is still open, and for a diner's page still showing
 * yesterday's menu. Every JSON column that can hold a stored media is searched as text, and the
 * settings' values, which name an uploaded logo by its URL (decision 026).
 */
export async function pruneOrphanFiles(db: Db, olderThanHours = 24): Promise<number> {
  const used = sql`(
    select poster::text from ${t.products} union all
    select poster::text from ${t.categories} union all
    select gallery::text from ${t.categories} union all
    select poster::text from ${t.menus} union all
    select concat_ws(' ', value::text, poster::text, icon::text, splash::text, background::text, gallery::text) from ${t.settings}
  )`;
  const gone = await db
    .delete(t.mediaFiles)
    .where(
      and(
        lt(t.mediaFiles.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`),
        sql`not exists (select 1 from ${used} as used(doc) where used.doc like '%' || ${t.mediaFiles.hash} || '%')`,
      ),
    )
    .returning({ hash: t.mediaFiles.hash });
  return gone.length;
}
