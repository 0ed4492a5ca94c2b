import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { TableSessionGrant } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newSecret, sha256 } from '../orders/secrets';

/** A meal, generously: after this the diner scans again. */
export const TABLE_SESSION_HOURS = 6;

/** Table codes as printed: letters, digits and dashes. */
export const TABLE_CODE = /^[A-Za-z0-9-]{3,40}$/;

export async function activeTable(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(t.diningTables)
    .where(and(eq(t.diningTables.code, code.toUpperCase()), eq(t.diningTables.active, true)));
  return row;
}

/** The link a table's QR code opens, on the host the request came to (behind a proxy: its Host and X-Forwarded-Proto). */
export function tableLink(origin: string, code: string): string {
  return `${origin}/?table=${encodeURIComponent(code)}`;
}

/** Every active table with its link and QR image: the print sheet on the staff side and the operator API. */
export async function tableSheet(db: Db, origin: string) {
  const rows = await db.select().from(t.diningTables).where(eq(t.diningTables.active, true)).orderBy(asc(t.diningTables.id));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    seats: r.seats,
    link: tableLink(origin, r.code),
    qr: `/api/tables/${encodeURIComponent(r.code)}/qr.svg`,
  }));
}

/** Starts a table session: the token goes to the device, only its hash stays here. */
export async function startTableSession(db: Db, code: string, now = new Date()): Promise<TableSessionGrant | null> {
  const table = await activeTable(db, code);
  if (!table) return null;
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + TABLE_SESSION_HOURS * 3_600_000);
  await db.insert(t.tableSessions).values({ tableId: table.id, tokenHash: sha256(token), expiresAt });
  return { table: { code: table.code, name: table.name, seats: table.seats }, token, expiresAt: expiresAt.toISOString() };
}

/** The open session a token belongs to, for this table code; undefined when ended, expired or foreign. */
export async function tableSessionFor(db: Db, token: string, code: string, now = new Date()) {
  const [row] = await db
    .select({ session: t.tableSessions, table: t.diningTables })
    .from(t.tableSessions)
    .innerJoin(t.diningTables, eq(t.diningTables.id, t.tableSessions.tableId))
    .where(
      and(
        eq(t.tableSessions.tokenHash, sha256(token)),
        eq(t.diningTables.code, code.toUpperCase()),
        eq(t.diningTables.active, true),
        isNull(t.tableSessions.endedAt),
        gt(t.tableSessions.expiresAt, now),
      ),
    );
  return row;
}

export async function endTableSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(t.tableSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(t.tableSessions.id, sessionId), isNull(t.tableSessions.endedAt)));
}
