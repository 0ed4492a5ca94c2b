import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TableSessionGrant } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newSecret, sha256 } from '../orders/secrets';

/** A meal, generously: after this the diner scans again. */
export const TABLE_SESSION_HOURS = 6;

/** Table codes as printed or typed: letters, digits, dashes and the spaces a person types between groups. */
export const TABLE_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{2,59}$/;

/** Crockford's base 32: no I, L, O or U, so a printed code never asks "one or el, zero or oh?". */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 random characters, 60 bits: at the lookup limit, guessing one of 100 tables takes longer than the universe has existed. */
const CODE_GROUPS = 3;

/** A new table's code: 'T07-8TYK-2QMA-WX7P', the table's number first so staff can tell the prints apart. */
export function newTableCode(tableNumber: number): string {
  const groups = Array.from({ length: CODE_GROUPS }, () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(32)]).join(''));
  return [`T${String(tableNumber).padStart(2, '0')}`, ...groups].join('-');
}

/** How a typed code is compared: case, spaces, dashes, and O, I, L typed for 0, 1, 1 do not matter. */
export function canonicalTableCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** The stored code in the same form (translate drops what has no counterpart: the dashes and spaces). */
const storedCanonical = sql`translate(upper(${t.diningTables.code}), 'OIL- ', '011')`;

export async function activeTable(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(t.diningTables)
    .where(and(sql`${storedCanonical} = ${canonicalTableCode(code)}`, eq(t.diningTables.active, true)));
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
        sql`${storedCanonical} = ${canonicalTableCode(code)}`,
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
