/**
 * Closing a table (decision 055): the tab ends, every phone's session at the table ends with it,
 * and calls still waiting are answered. A table with something still owed closes only when staff
 * say so (the guests left, or it was settled outside the app).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { formatMoneyFor, say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';
import { record, type Actor } from '../staff/audit';
import { lockTable, tabFacts, type TabTable } from './tab';

export async function closeTable(db: Db, actor: Actor, table: TabTable, force: boolean, lang: string, currency: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx, table.id);
    const { totals } = await tabFacts(tx, table.id, lang, now);
    const owed = totals.open + totals.pending;
    if (owed > 0 && !force) throw new HttpError(409, say(lang, 'tab.stillOpen', { amount: formatMoneyFor(lang, owed, currency) }));
    await tx.insert(t.tableClosings).values({ tableId: table.id, closedAt: now, closedBy: actor.name });
    await tx
      .update(t.tableSessions)
      .set({ endedAt: now })
      .where(and(eq(t.tableSessions.tableId, table.id), isNull(t.tableSessions.endedAt)));
    await tx
      .update(t.tableCalls)
      .set({ seenAt: now, seenBy: actor.name })
      .where(and(eq(t.tableCalls.tableId, table.id), isNull(t.tableCalls.seenAt)));
    await record(tx, actor, 'table.closed', table.name, { total: totals.total, owed });
    await publish(tx, { type: 'table', table: table.id });
  });
}
