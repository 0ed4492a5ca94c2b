import { desc, lt } from 'drizzle-orm';
import type { AuditEntry } from '../../shared/contract/staff';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { StaffRow } from './accounts';

/** Who acted: a staff member, or a machine (the operator key, the payment provider). */
export type Actor = Pick<StaffRow, 'id' | 'name'> | { id: null; name: string };

/** One line of the owner's log, written in the transaction of the change it records. */
export async function record(tx: Db, actor: Actor, action: string, subject: string, details: Record<string, unknown> = {}): Promise<void> {
  await tx.insert(t.auditLog).values({ staffId: actor.id, actor: actor.name, action, subject, details });
}

export async function readLog(db: Db, options: { limit: number; before?: number }): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(options.before ? lt(t.auditLog.id, options.before) : undefined)
    .orderBy(desc(t.auditLog.id))
    .limit(options.limit);
  return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), actor: r.actor, action: r.action, subject: r.subject, details: r.details }));
}
