/**
 * Table reservations (decision 016): a guest's request is checked against the restaurant's hours,
 * notice and party size, counted against the sender's address, stored as *requested*, announced
 * to open staff screens and acknowledged by mail; staff confirm or decline it once, and the guest
 * hears of that too, in the language the request came in.
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Reservation, ReservationRequest, ReservationStatus } from '../../shared/contract/reservation';
import { RESERVATION_MAX_DAYS_AHEAD, reservationMaxGuests, reservationNoticeMinutes } from '../../shared/contract/reservation';
import { isOn, text, timeZoneOf, type SettingsMap } from '../../shared/contract/settings';
import { loadOpeningRules } from '../admin/hours/rules';
import { instantToLocalDateTime, localDateTimeToInstant, openingState } from '../../shared/opening-hours';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { formatDateTimeFor, say } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import { reservationMail, type ReservationMailKind } from '../mail/templates';
import { FieldErrors, HttpError } from '../plugins/errors';
import { loadSettings } from '../settings';
import { spendAddressAllowance, type AddressAllowance } from '../spam/per-address';
import { record, type Actor } from '../staff/audit';

/** A party asks once, perhaps again with another time; a flood is dozens a minute (as the contact form). */
export const RESERVATION_RATE_LIMITS = {
  perAddressHour: { limit: 5, windowSeconds: 60 * 60 },
  perAddressDay: { limit: 20, windowSeconds: 24 * 60 * 60 },
} satisfies AddressAllowance;

/** Reservations are personal data: kept this long after their day, for "were they here last month?", then deleted. */
export const RESERVATION_RETENTION_DAYS = 90;

export interface ReservationSender {
  ip: string;
  lang: string;
  /** What the trap field held: anything at all means a robot filled it. */
  honeypot: string;
}

function noticeText(lang: string, minutes: number): string {
  if (minutes === 60) return say(lang, 'duration.hour');
  if (minutes > 60 && minutes % 60 === 0) return say(lang, 'duration.hours', { n: minutes / 60 });
  return say(lang, 'duration.minutes', { n: minutes });
}

/** The rules that need the restaurant's data; each refusal names its field, as the form shows it. */
async function checkRequest(db: Db, settings: SettingsMap, values: ReservationRequest, lang: string, now: Date): Promise<Date> {
  const timeZone = timeZoneOf(settings);
  const errors: Record<string, string[]> = {};
  const at = localDateTimeToInstant(values.reservedAt, timeZone);
  if (!at) errors.reservedAt = [say(lang, 'validation.dateFormat')];
  else {
    const notice = reservationNoticeMinutes(settings);
    const hours = await loadOpeningRules(db);
    // A minute of grace: the picker's value is whole minutes and the request takes time.
    if (at.getTime() < now.getTime() - 60_000) errors.reservedAt = [say(lang, 'reservation.inPast')];
    else if (at.getTime() < now.getTime() + notice * 60_000 - 60_000) errors.reservedAt = [say(lang, 'reservation.tooSoon', { notice: noticeText(lang, notice) })];
    else if (at.getTime() > now.getTime() + RESERVATION_MAX_DAYS_AHEAD * 86_400_000) errors.reservedAt = [say(lang, 'reservation.tooFar', { days: RESERVATION_MAX_DAYS_AHEAD })];
    else if (!openingState(hours.ranges, at, timeZone, hours.closedDays).isOpenNow) errors.reservedAt = [say(lang, 'reservation.closed')];
  }
  const max = reservationMaxGuests(settings);
  if (values.guests > max) errors.guests = [say(lang, 'reservation.tooManyGuests', { max })];
  if (Object.keys(errors).length || !at) throw new FieldErrors(errors);
  return at;
}

/**
 * Checks, counts, stores, announces and acknowledges one request. A robot that filled the trap
 * is counted like anyone and told it succeeded, but nothing is kept or sent.
 */
export async function requestReservation(
  db: Db,
  mailer: Mailer,
  values: ReservationRequest,
  sender: ReservationSender,
  scale: number,
  now = new Date(),
): Promise<void> {
  const settings = await loadSettings(db);
  if (!isOn(settings, 'RESERVATION_ENABLED')) throw new HttpError(403, say(sender.lang, 'reservation.disabled'));
  const reservedAt = await checkRequest(db, settings, values, sender.lang, now);
  await spendAddressAllowance(db, 'reservation', RESERVATION_RATE_LIMITS, sender, scale, 'reservation.rateLimited');
  if (sender.honeypot) return;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(t.reservations)
      .values({ reservedAt, guests: values.guests, name: values.name, email: values.email, phone: values.phone, notes: values.notes, lang: sender.lang })
      .returning();
    await publish(tx, { type: 'reservation' });
    return inserted;
  });
  if (row) void mailGuest(mailer, settings, row, 'received');
}

type ReservationRow = typeof t.reservations.$inferSelect;

/** The guest's mail about one step; a mail that fails is logged by the mailer, the step stands. */
async function mailGuest(mailer: Mailer, settings: SettingsMap, row: ReservationRow, kind: ReservationMailKind): Promise<void> {
  await mailer.send({
    to: row.email,
    ...reservationMail({
      kind,
      lang: row.lang,
      siteTitle: text(settings, 'SITE_TITLE'),
      name: row.name,
      whenText: formatDateTimeFor(row.lang, row.reservedAt, timeZoneOf(settings)),
      guests: row.guests,
      reason: row.reason,
      phone: text(settings, 'PHONE'),
    }),
  });
}

/** The restaurant's day `date` (YYYY-MM-DD, today when left out) as the instants it starts and ends. */
export function dayBounds(date: string | undefined, timeZone: string, now = new Date()): { day: string; from: Date; to: Date } | null {
  const day = date ?? instantToLocalDateTime(now, timeZone).slice(0, 10);
  const from = localDateTimeToInstant(`${day}T00:00`, timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const to = localDateTimeToInstant(`${next}T00:00`, timeZone);
  if (!from || !to || instantToLocalDateTime(from, timeZone).slice(0, 10) !== day) return null;
  return { day, from, to };
}

/** One day's reservations by time, every status: a declined one stays visible so nobody confirms it by phone twice. */
export async function listReservations(db: Db, date: string | undefined, lang: string, now = new Date()): Promise<{ day: string; reservations: Reservation[] }> {
  const settings = await loadSettings(db);
  const bounds = dayBounds(date, timeZoneOf(settings), now);
  if (!bounds) throw new FieldErrors({ date: [say(lang, 'validation.dateFormat')] });
  const rows = await db
    .select({ r: t.reservations, decidedBy: t.staffUsers.name })
    .from(t.reservations)
    .leftJoin(t.staffUsers, eq(t.staffUsers.id, t.reservations.decidedBy))
    .where(and(gte(t.reservations.reservedAt, bounds.from), lt(t.reservations.reservedAt, bounds.to)))
    .orderBy(asc(t.reservations.reservedAt), asc(t.reservations.id));
  return {
    day: bounds.day,
    reservations: rows.map(({ r, decidedBy }) => ({
      id: r.id,
      reservedAt: r.reservedAt.toISOString(),
      guests: r.guests,
      name: r.name,
      email: r.email,
      phone: r.phone,
      notes: r.notes,
      lang: r.lang,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      decidedBy: r.decidedAt ? (decidedBy ?? '') : null,
    })),
  };
}

/**
 * Confirms or declines a requested reservation, once: a second decision (from another screen, or
 * the same button twice) is a 409 and changes nothing. Logged, announced, and mailed to the guest.
 */
export async function decideReservation(
  db: Db,
  mailer: Mailer,
  actor: Actor & { id: number },
  id: number,
  decision: Exclude<ReservationStatus, 'requested'>,
  reason: string,
  lang: string,
): Promise<ReservationRow> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(t.reservations)
      .set({ status: decision, reason: decision === 'declined' ? reason : '', decidedAt: new Date(), decidedBy: actor.id })
      .where(and(eq(t.reservations.id, id), eq(t.reservations.status, 'requested')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: t.reservations.id }).from(t.reservations).where(eq(t.reservations.id, id));
      throw exists ? new HttpError(409, say(lang, 'reservation.alreadyDecided')) : new HttpError(404, say(lang, 'reservation.notFound'));
    }
    await record(tx, actor, decision === 'confirmed' ? 'reservation.confirm' : 'reservation.decline', `#${id}`, reason ? { reason } : {});
    await publish(tx, { type: 'reservation' });
    return updated;
  });
  void mailGuest(mailer, await loadSettings(db), row, decision);
  return row;
}

export async function pruneReservations(db: Db, now = new Date()): Promise<void> {
  await db.delete(t.reservations).where(lt(t.reservations.reservedAt, new Date(now.getTime() - RESERVATION_RETENTION_DAYS * 86_400_000)));
}
