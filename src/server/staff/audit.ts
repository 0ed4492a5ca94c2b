import { and, desc, like, lt, or } from 'drizzle-orm';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '../../shared/contract/staff';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { StaffRow } from './accounts';

/** Who acted: a staff member, or a machine (the operator key, the payment provider). */
export type Actor = Pick<StaffRow, 'id' | 'name'> | { id: null; name: string };

/** One line of the owner's log, written in the transaction of the change it records. */
export async function record(tx: Db, actor: Actor, action: string, subject: string, details: Record<string, unknown> = {}): Promise<void> {
  await tx.insert(t.auditLog).values({ staffId: actor.id, actor: actor.name, action, subject, details });
}

type Snapshot = Record<string, unknown> | null;

/**
 * What an edit changed, field by field: only the fields whose value differs, so the owner reads
 * "price: 9.50 → 10.50" and not the whole product twice. A creation has no `before`, a deletion
 * no `after`.
 */
export function changedFields(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } {
  if (!before || !after) return { before, after };
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}

/**
 * A back-office edit in the owner's history: who, when (the row's time), and before and after.
 * Returns false, writing nothing, when nothing changed, so saving an untouched form leaves no line.
 */
export async function recordChange(tx: Db, actor: Actor, action: string, subject: string, before: Snapshot, after: Snapshot): Promise<boolean> {
  const diff = changedFields(before, after);
  if (diff.before && diff.after && Object.keys(diff.after).length === 0) return false;
  await record(tx, actor, action, subject, { before: diff.before, after: diff.after });
  return true;
}

export async function readLog(db: Db, options: { limit: number; before?: number; kind?: AuditKind }): Promise<AuditEntry[]> {
  const kind = options.kind ? or(...AUDIT_KINDS[options.kind].map((prefix) => like(t.auditLog.action, `${prefix}%`))) : undefined;
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(and(options.before ? lt(t.auditLog.id, options.before) : undefined, kind))
    .orderBy(desc(t.auditLog.id))
    .limit(options.limit);
  return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), actor: r.actor, action: r.action, subject: r.subject, details: r.details }));
}
