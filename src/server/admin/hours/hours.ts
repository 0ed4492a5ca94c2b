import { asc, eq, lt } from 'drizzle-orm';
import { WEEKDAYS } from '../../../shared/contract/catalog';
import type { ClosedDay, HoursAdmin, WeeklyHours } from '../../../shared/contract/hours-admin';
import { restaurantIsActive, timeZoneOf } from '../../../shared/contract/settings';
import { localDateOf } from '../../../shared/opening-hours';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { loadSettings } from '../../settings';
import { recordChange, type Actor } from '../../staff/audit';

/** Closed days further back than this are history: the screen and the rules need only what is ahead. */
const KEEP_PAST_DAYS = 30;

function weekOf(rows: { weekday: number; start: string; end: string }[]): WeeklyHours {
  const week = Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as WeeklyHours;
  for (const r of rows) {
    const day = WEEKDAYS[r.weekday];
    if (day) week[day].push({ start: r.start, end: r.end });
  }
  return week;
}

async function readWeek(db: Db): Promise<WeeklyHours> {
  return weekOf(await db.select().from(t.workingHours).orderBy(asc(t.workingHours.weekday), asc(t.workingHours.start)));
}

/** One day's ranges as the history shows them: "11:30–14:30, 17:30–22:00", or "closed". */
function dayText(ranges: { start: string; end: string }[]): string {
  return ranges.length ? ranges.map((r) => `${r.start}–${r.end}`).join(', ') : '—';
}

export async function readHoursAdmin(db: Db, now = new Date()): Promise<HoursAdmin> {
  const [week, closed, settings] = await Promise.all([
    readWeek(db),
    db.select().from(t.closedDays).orderBy(asc(t.closedDays.date)),
    loadSettings(db),
  ]);
  const timeZone = timeZoneOf(settings);
  const today = localDateOf(now, timeZone);
  return {
    week,
    closedDays: closed.filter((c) => c.date >= today),
    active: restaurantIsActive(settings),
    timeZone,
    today,
  };
}

/** Replaces the whole week: the form always sends seven days, so what it shows is what is stored. */
export async function saveWeek(db: Db, actor: Actor, week: WeeklyHours): Promise<WeeklyHours> {
  return db.transaction(async (tx) => {
    const before = await readWeek(tx);
    await tx.delete(t.workingHours);
    const rows = WEEKDAYS.flatMap((day, weekday) => week[day].map((r) => ({ weekday, start: r.start, end: r.end })));
    if (rows.length) await tx.insert(t.workingHours).values(rows);
    const after = await readWeek(tx);
    const text = (w: WeeklyHours) => Object.fromEntries(WEEKDAYS.map((d) => [d, dayText(w[d])]));
    await recordChange(tx, actor, 'hours.week', 'opening hours', text(before), text(after));
    return after;
  });
}

/** Adds a closed day, or changes its note when the date is already closed. */
export async function saveClosedDay(db: Db, actor: Actor, day: ClosedDay, now = new Date()): Promise<ClosedDay> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(t.closedDays).where(eq(t.closedDays.date, day.date));
    const [row] = await tx
      .insert(t.closedDays)
      .values(day)
      .onConflictDoUpdate({ target: t.closedDays.date, set: { note: day.note } })
      .returning();
    await recordChange(tx, actor, 'hours.closedDay', day.date, before ?? null, { date: day.date, note: day.note });
    // Old holidays only clutter the table; a month of them stays for the owner's reference.
    const cutoff = new Date(now.getTime() - KEEP_PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
    await tx.delete(t.closedDays).where(lt(t.closedDays.date, cutoff));
    return row ?? day;
  });
}

/** False when the date was not closed. */
export async function removeClosedDay(db: Db, actor: Actor, date: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(t.closedDays).where(eq(t.closedDays.date, date)).returning();
    if (gone) await recordChange(tx, actor, 'hours.closedDay', date, { date: gone.date, note: gone.note }, null);
    return Boolean(gone);
  });
}

/** The switch the storefront reads (`restaurantIsActive`): off sends diners to /unavailable. */
export async function setRestaurantActive(db: Db, actor: Actor, active: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const was = restaurantIsActive(await loadSettings(tx));
    const value = active ? '1' : '0';
    await tx.insert(t.settings).values({ key: 'RESTAURANT_ACTIVE', value }).onConflictDoUpdate({ target: t.settings.key, set: { value } });
    await recordChange(tx, actor, 'hours.active', 'restaurant', { active: was }, { active });
    return active;
  });
}
