/**
 * Pause, busy mode and sold-out switches: records with a start and an end that expire on their
 * own. The checkout reads them (`holdsAt`), the storefront reads `GET /availability`, and every
 * change is published live and written to the owner's log in one transaction.
 */
import { and, asc, eq, gt, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { timeZoneOf } from '../../shared/contract/settings';
import type { Availability, HoldUntil, PauseScope, SoldOutItem } from '../../shared/contract/staff';
import { endOfServiceDay } from '../../shared/opening-hours';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { loadSettings } from '../settings';
import { record, type Actor } from './audit';

async function serviceDayEnd(db: Db, now: Date): Promise<Date> {
  const [settings, hours] = await Promise.all([loadSettings(db), db.select().from(t.workingHours).orderBy(asc(t.workingHours.weekday))]);
  return endOfServiceDay(hours, now, timeZoneOf(settings));
}

/** A time, or the placeholder a statement built once fills in with one (an ISO string). */
type Instant = Date | Placeholder;

const live = (now: Instant) =>
  and(isNull(t.pauses.endedAt), lte(t.pauses.startsAt, now), gt(t.pauses.endsAt, now));

const soldOutLive = (at: Instant, now: Instant) =>
  and(isNull(t.soldOut.endedAt), lte(t.soldOut.startsAt, now), or(isNull(t.soldOut.endsAt), gt(t.soldOut.endsAt, at)));

export async function currentAvailability(db: Db, now = new Date()): Promise<Availability> {
  const [pauseRows, soldRows] = await Promise.all([
    db.select().from(t.pauses).where(live(now)).orderBy(asc(t.pauses.endsAt)),
    db.select().from(t.soldOut).where(soldOutLive(now, now)).orderBy(asc(t.soldOut.id)),
  ]);
  const busy = pauseRows.filter((p) => p.kind === 'busy').at(-1);
  return {
    pauses: pauseRows.filter((p) => p.kind === 'pause').map((p) => ({ id: p.id, scope: p.scope, endsAt: p.endsAt.toISOString() })),
    busy: busy ? { id: busy.id, minutes: busy.extraMinutes, endsAt: busy.endsAt.toISOString() } : null,
    soldOut: soldRows.map((s) => ({ item: s.itemType, id: s.itemId, endsAt: s.endsAt ? s.endsAt.toISOString() : null })),
  };
}

/** What a checkout for `fulfilment` (the scheduled time, or now) runs into. */
export interface Holds {
  /** The pause that blocks this channel, if any (the latest ending). */
  pausedUntil(scope: Exclude<PauseScope, 'all'>): Date | undefined;
  soldOut: { product: Set<number>; option: Set<number>; extra: Set<number> };
}

/** The holds any checkout at `now` or later may run into, as one SQL expression (a JSON object). */
export function liveHoldsSql(now: Instant): SQL {
  const pauses = sql`(select coalesce(json_agg(json_build_object('scope', ${t.pauses.scope}, 'endsAt', ${t.pauses.endsAt})), '[]'::json) from ${t.pauses}
    where ${and(eq(t.pauses.kind, 'pause'), live(now))})`;
  const soldRows = sql`(select coalesce(json_agg(json_build_object('item', ${t.soldOut.itemType}, 'id', ${t.soldOut.itemId}, 'endsAt', ${t.soldOut.endsAt})), '[]'::json) from ${t.soldOut}
    where ${soldOutLive(now, now)})`;
  return sql`json_build_object('pauses', ${pauses}, 'soldOut', ${soldRows})`;
}

/** What `liveHoldsSql` answers: every hold live at `now`, whatever the order's time. */
export interface LiveHolds {
  now: Date;
  pauses: { scope: PauseScope; endsAt: string }[];
  soldOut: { item: SoldOutItem; id: number; endsAt: string | null }[];
}

/**
 * A pause blocks orders due before it ends (an order scheduled after it goes through); "sold out
 * today" blocks orders due before the end of the service day, so a pre-order for tomorrow works.
 * `live` is what was read at `now`: it holds everything an order due at `now` or later runs into.
 */
export function holdsFor(live: LiveHolds, fulfilment: Date): Holds {
  const due = Math.max(fulfilment.getTime(), live.now.getTime());
  const pauses = live.pauses.map((p) => ({ scope: p.scope, endsAt: new Date(p.endsAt) })).filter((p) => p.endsAt.getTime() > due);
  const soldOut = { product: new Set<number>(), option: new Set<number>(), extra: new Set<number>() };
  for (const row of live.soldOut) if (row.endsAt === null || new Date(row.endsAt).getTime() > fulfilment.getTime()) soldOut[row.item].add(row.id);
  return {
    pausedUntil(scope) {
      const blocking = pauses.filter((p) => p.scope === 'all' || p.scope === scope);
      return blocking.length ? new Date(Math.max(...blocking.map((p) => p.endsAt.getTime()))) : undefined;
    },
    soldOut,
  };
}

export async function readLiveHolds(db: Db, now: Date): Promise<LiveHolds> {
  const [row] = rowsOf<{ holds: Omit<LiveHolds, 'now'> }>(await db.execute(sql`select ${liveHoldsSql(now)} as holds`));
  if (!row) throw new Error('holds read returned nothing');
  return { now, ...row.holds };
}

/**
 * The holds for an order due at `fulfilment`. A sold-out switch ended before `now` still holds an
 * order due before its end, which only a fulfilment in the past (refused anyway) can be.
 */
export async function holdsAt(db: Db, fulfilment: Date, now = new Date(), read?: LiveHolds): Promise<Holds> {
  if (fulfilment < now) {
    const rows = await db.select({ item: t.soldOut.itemType, id: t.soldOut.itemId, endsAt: t.soldOut.endsAt }).from(t.soldOut).where(soldOutLive(fulfilment, now));
    const soldRows = rows.map((r) => ({ ...r, endsAt: r.endsAt?.toISOString() ?? null }));
    return holdsFor({ ...(read ?? (await readLiveHolds(db, now))), soldOut: soldRows }, fulfilment);
  }
  return holdsFor(read ?? (await readLiveHolds(db, now)), fulfilment);
}

async function endsAtFor(db: Db, now: Date, minutes: number | undefined): Promise<Date> {
  return minutes ? new Date(now.getTime() + minutes * 60_000) : serviceDayEnd(db, now);
}

/** Pauses a scope for some minutes or to the end of the service day; a new pause replaces the scope's old one. */
export async function startPause(db: Db, actor: Actor, scope: PauseScope, minutes: number | undefined, now = new Date()): Promise<void> {
  const endsAt = await endsAtFor(db, now, minutes);
  await db.transaction(async (tx) => {
    await tx.update(t.pauses).set({ endedAt: now }).where(and(eq(t.pauses.kind, 'pause'), eq(t.pauses.scope, scope), live(now)));
    await tx.insert(t.pauses).values({ kind: 'pause', scope, startsAt: now, endsAt, staffId: actor.id });
    await record(tx, actor, 'pause.start', scope, { minutes: minutes ?? null, endsAt: endsAt.toISOString() });
    await publish(tx, { type: 'pause' });
  });
}

export async function endPause(db: Db, actor: Actor, id: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(t.pauses)
      .set({ endedAt: now })
      .where(and(eq(t.pauses.id, id), live(now)))
      .returning({ kind: t.pauses.kind, scope: t.pauses.scope });
    const row = ended[0];
    if (!row) return false;
    await record(tx, actor, row.kind === 'busy' ? 'busy.end' : 'pause.end', row.scope);
    await publish(tx, { type: 'pause' });
    return true;
  });
}

/** Busy mode: every promised time gets these minutes more, until the end of the service day or until turned off. */
export async function startBusy(db: Db, actor: Actor, minutes: number, now = new Date()): Promise<void> {
  const endsAt = await serviceDayEnd(db, now);
  await db.transaction(async (tx) => {
    await tx.update(t.pauses).set({ endedAt: now }).where(and(eq(t.pauses.kind, 'busy'), live(now)));
    await tx.insert(t.pauses).values({ kind: 'busy', scope: 'all', extraMinutes: minutes, startsAt: now, endsAt, staffId: actor.id });
    await record(tx, actor, 'busy.start', 'all', { minutes });
    await publish(tx, { type: 'pause' });
  });
}

export async function markSoldOut(db: Db, actor: Actor, item: SoldOutItem, id: number, until: HoldUntil, subject: string, now = new Date()): Promise<void> {
  const endsAt = until === 'end_of_day' ? await serviceDayEnd(db, now) : null;
  await db.transaction(async (tx) => {
    // One live record per item: the newest switch is the one that holds.
    await tx
      .update(t.soldOut)
      .set({ endedAt: now })
      .where(and(eq(t.soldOut.itemType, item), eq(t.soldOut.itemId, id), soldOutLive(now, now)));
    await tx.insert(t.soldOut).values({ itemType: item, itemId: id, startsAt: now, endsAt, staffId: actor.id });
    await record(tx, actor, 'soldout.set', subject, { item, id, until, endsAt: endsAt?.toISOString() ?? null });
    await publish(tx, { type: 'availability' });
  });
}

export async function clearSoldOut(db: Db, actor: Actor, item: SoldOutItem, id: number, subject: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(t.soldOut)
      .set({ endedAt: now })
      .where(and(eq(t.soldOut.itemType, item), eq(t.soldOut.itemId, id), soldOutLive(now, now)))
      .returning({ id: t.soldOut.id });
    if (!ended.length) return false;
    await record(tx, actor, 'soldout.clear', subject, { item, id });
    await publish(tx, { type: 'availability' });
    return true;
  });
}

/** Records long over are history the log already holds. */
export async function pruneHolds(db: Db, now = new Date()): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  await db.delete(t.pauses).where(lte(t.pauses.endsAt, monthAgo));
  await db.delete(t.soldOut).where(or(lte(t.soldOut.endsAt, monthAgo), lte(t.soldOut.endedAt, monthAgo)) ?? sql`false`);
}
