/**
 * "Call the waiter" and "the bill, please" (decision 055): a call reaches every staff board at
 * once and rings until someone acknowledges it; the diner's phone then shows that it was seen.
 * One open call per kind and table: pressing again while it waits raises nothing new.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TableCallKind } from '../../shared/contract/table-tab';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import type { Actor } from '../staff/audit';

/** Raises the call unless one of its kind already waits; true when this press raised it. */
export async function callStaff(db: Db, tableId: number, kind: TableCallKind): Promise<boolean> {
  return db.transaction(async (tx) => {
    const raised = await tx
      .insert(t.tableCalls)
      .values({ tableId, kind })
      .onConflictDoNothing({ target: [t.tableCalls.tableId, t.tableCalls.kind], where: isNull(t.tableCalls.seenAt) })
      .returning({ id: t.tableCalls.id });
    if (!raised.length) return false;
    await publish(tx, { type: 'table', table: tableId });
    return true;
  });
}

/** "On my way": the first tap on any board counts; the call stops ringing everywhere. */
export async function acknowledgeCall(db: Db, actor: Actor, tableId: number, kind: TableCallKind, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const seen = await tx
      .update(t.tableCalls)
      .set({ seenAt: now, seenBy: actor.name })
      .where(and(eq(t.tableCalls.tableId, tableId), eq(t.tableCalls.kind, kind), isNull(t.tableCalls.seenAt)))
      .returning({ id: t.tableCalls.id });
    if (seen.length) await publish(tx, { type: 'table', table: tableId });
  });
}

/** Every call still waiting, oldest first: what the board rings for. */
export async function openCalls(db: Db) {
  return db
    .select({ tableId: t.tableCalls.tableId, kind: t.tableCalls.kind, createdAt: t.tableCalls.createdAt })
    .from(t.tableCalls)
    .where(isNull(t.tableCalls.seenAt))
    .orderBy(asc(t.tableCalls.createdAt));
}
