/**
 * The back office's opening hours (issue 14): the weekly ranges, the closed days and the
 * restaurant's on/off switch. One schema each, used by the staff form and by the server's route.
 */
import * as yup from 'yup';
import { WEEKDAYS, type Weekday, type TimeRange } from './catalog';
import { trimmedString } from './params';
import { V } from './validation';

/** More would be a mistake, not a restaurant: lunch, afternoon, dinner, late night… */
export const MAX_RANGES_PER_DAY = 6;
export const MAX_CLOSED_DAY_NOTE = 120;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A range as minutes from the day's start; one whose end is not after its start runs past midnight. */
function span(r: TimeRange): [number, number] {
  const start = minutesOf(r.start);
  const end = minutesOf(r.end);
  return [start, end <= start ? end + 24 * 60 : end];
}

/** Whether any two ranges of one day share a minute (a range past midnight counts to its end). */
export function rangesOverlap(ranges: readonly TimeRange[]): boolean {
  const spans = ranges.map(span).sort((a, b) => a[0] - b[0]);
  return spans.some((s, i) => i > 0 && s[0] < (spans[i - 1]?.[1] ?? 0));
}

const wellFormed = (ranges: unknown): ranges is TimeRange[] =>
  Array.isArray(ranges) && ranges.every((r: Partial<TimeRange> | null) => typeof r?.start === 'string' && typeof r.end === 'string' && HHMM.test(r.start) && HHMM.test(r.end));

const time = () => yup.string().typeError(V.time).strict().matches(HHMM, V.time).required(V.required);

const dayRanges = () =>
  yup
    .array()
    .typeError(V.choice)
    .of(yup.object({ start: time(), end: time() }).noUnknown(true, V.choice))
    .max(MAX_RANGES_PER_DAY, V.tooLong)
    .required(V.required)
    // Only ranges that are well formed can overlap; the others already carry their own error.
    .test('no-overlap', V.overlap, (ranges: unknown) => !wellFormed(ranges) || !rangesOverlap(ranges));

/** Whether a range running past midnight from `day` overlaps one of the next day's ranges. */
export function spillsIntoNextDay(day: readonly TimeRange[], next: readonly TimeRange[]): boolean {
  const spill = Math.max(0, ...day.map((r) => span(r)[1] - 24 * 60));
  return next.some((r) => minutesOf(r.start) < spill);
}

export const weeklyHoursSchema = yup
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges()])) as Record<Weekday, ReturnType<typeof dayRanges>>)
  .noUnknown(true, V.choice)
  .required(V.required)
  // A night past midnight belongs to its evening: the next morning may open only after it ends.
  .test('night-overlap', V.overlap, function nights(week) {
    if (!week) return true;
    for (const [i, day] of WEEKDAYS.entries()) {
      const next = WEEKDAYS[(i + 1) % 7] as Weekday;
      const a: unknown = week[day];
      const b: unknown = week[next];
      if (wellFormed(a) && wellFormed(b) && spillsIntoNextDay(a, b)) return this.createError({ path: next, message: V.overlap });
    }
    return true;
  });

export type WeeklyHours = Record<Weekday, TimeRange[]>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date (no 31 February) as `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const closedDaySchema = yup
  .object({
    date: yup.string().typeError(V.date).strict().required(V.date).test('calendar-date', V.date, (v) => !v || isCalendarDate(v)),
    note: trimmedString().typeError(V.tooLong).max(MAX_CLOSED_DAY_NOTE, V.tooLong).default(''),
  })
  .noUnknown(true, V.choice);

export const closedDayParams = yup.object({
  date: yup.string().required().test('calendar-date', 'must be a date', (v) => !v || isCalendarDate(v)),
});

export const restaurantActiveSchema = yup.object({ active: yup.boolean().strict().typeError(V.choice).required(V.required) }).noUnknown(true, V.choice);

export interface ClosedDay {
  date: string;
  note: string;
}

/** `GET /api/staff/hours`: everything the screen shows. */
export interface HoursAdmin {
  week: WeeklyHours;
  closedDays: ClosedDay[];
  active: boolean;
  /** The restaurant's time zone, so the screen names it beside the times. */
  timeZone: string;
  /** Today in that zone (`YYYY-MM-DD`): the closed-day picker starts there. */
  today: string;
}
