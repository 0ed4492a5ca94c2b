import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TableAdmin, TableCreate, TableUpdate } from '../../../shared/contract/tables-admin';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { recordChange, type Actor } from '../../staff/audit';
import { newTableCode } from '../../tables/sessions';

type TableRow = typeof t.diningTables.$inferSelect;

const tableOut = (r: TableRow): TableAdmin => ({ id: r.id, code: r.code, name: r.name, seats: r.seats, active: r.active });
const snapshot = (r: TableRow) => ({ name: r.name, seats: r.seats, active: r.active });

export async function listTables(db: Db): Promise<TableAdmin[]> {
  return (await db.select().from(t.diningTables).orderBy(asc(t.diningTables.id))).map(tableOut);
}

/** The number printed first in a code ('T07-…'): the table's own, kept when its code is renewed. */
function tableNumberOf(code: string): number | null {
  const m = /^T(\d{1,4})-/.exec(code);
  return m ? Number(m[1]) : null;
}

/** Ends every open session of a table: a diner who scanned the old code, or sits at a switched-off table, orders no more. */
async function endSessions(tx: Db, tableId: number): Promise<void> {
  await tx
    .update(t.tableSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(t.tableSessions.tableId, tableId), isNull(t.tableSessions.endedAt)));
}

export async function createTable(db: Db, actor: Actor, input: TableCreate): Promise<TableAdmin> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ code: t.diningTables.code }).from(t.diningTables);
    const number = Math.max(0, ...rows.map((r) => tableNumberOf(r.code) ?? 0)) + 1;
    const [row] = await tx.insert(t.diningTables).values({ name: input.name, seats: input.seats, code: newTableCode(number) }).returning();
    if (!row) throw new Error('table insert returned nothing');
    await recordChange(tx, actor, 'table.create', row.name, null, snapshot(row));
    return tableOut(row);
  });
}

/** Undefined when there is no such table. */
export async function updateTable(db: Db, actor: Actor, id: number, input: TableUpdate): Promise<TableAdmin | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(t.diningTables).where(eq(t.diningTables.id, id));
    if (!before) return undefined;
    // An empty change is no change (and SQL has no UPDATE without a SET).
    if (input.name === undefined && input.seats === undefined && input.active === undefined) return tableOut(before);
    const [row] = await tx.update(t.diningTables).set({ name: input.name, seats: input.seats, active: input.active }).where(eq(t.diningTables.id, id)).returning();
    if (!row) return undefined;
    if (before.active && !row.active) await endSessions(tx, id);
    await recordChange(tx, actor, 'table.update', row.name, snapshot(before), snapshot(row));
    return tableOut(row);
  });
}

/**
 * A new code for a table whose printed code got out (photographed, taken home): the old one
 * stops opening sessions at once and the sessions it opened end.
 */
export async function renewTableCode(db: Db, actor: Actor, id: number): Promise<TableAdmin | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(t.diningTables).where(eq(t.diningTables.id, id));
    if (!before) return undefined;
    const [row] = await tx
      .update(t.diningTables)
      .set({ code: newTableCode(tableNumberOf(before.code) ?? before.id) })
      .where(eq(t.diningTables.id, id))
      .returning();
    if (!row) return undefined;
    await endSessions(tx, id);
    // The code itself is a secret of sorts: the history says that it changed, not what it is.
    await recordChange(tx, actor, 'table.newCode', row.name, { code: `${before.code.slice(0, 4)}…` }, { code: `${row.code.slice(0, 4)}… (new)` });
    return tableOut(row);
  });
}
