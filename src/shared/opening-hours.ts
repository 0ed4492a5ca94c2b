/**
 * Opening-hours arithmetic in the restaurant's time zone. Pure and clock-free: callers pass `now`.
 * A range whose end is not after its start runs past midnight into the next day.
 */

export interface WeeklyRange {
  /** Monday = 0 … Sunday = 6. */
  weekday: number;
  start: string;
  end: string;
}

export interface OpeningState {
  isOpenNow: boolean;
  nextOpen: Date | null;
}

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoned(date: Date, timeZone: string): ZonedParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: weekdays.indexOf(parts.weekday ?? 'Mon'),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant at which the wall clock in `timeZone` shows the given local date and minute of day. */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  // Two corrections settle the zone offset, also across a daylight-saving switch.
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const p = zoned(new Date(t), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, 0, p.minutes);
    t += guess - shown;
  }
  return new Date(t);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A local calendar date as `YYYY-MM-DD`, the form closed days are stored in. */
function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** Today's date in `timeZone` as `YYYY-MM-DD` (a closed day's picker starts there). */
export function localDateOf(date: Date, timeZone: string): string {
  const p = zoned(date, timeZone);
  return isoDate(p.year, p.month, p.day);
}

/**
 * Whether the restaurant is open at `now` and when it opens next.
 * `closedDays` are local dates (`YYYY-MM-DD`: holidays, company holidays) on which no range
 * starts. A range that began the evening before and runs past midnight still ends as planned:
 * that night's service belongs to the day before.
 */
export function openingState(ranges: WeeklyRange[], now: Date, timeZone: string, closedDays: readonly string[] = []): OpeningState {
  if (ranges.length === 0) return { isOpenNow: false, nextOpen: null };
  const here = zoned(now, timeZone);
  const closed = new Set(closedDays);
  const dateAt = (offset: number) => isoDate(here.year, here.month, here.day + offset);
  const todayClosed = closed.has(dateAt(0));
  const yesterdayClosed = closed.has(dateAt(-1));

  const isOpenNow = ranges.some((r) => {
    const start = minutesOf(r.start);
    let end = minutesOf(r.end);
    if (end <= start) end += MINUTES_PER_DAY;
    // Today's range, or yesterday's range that runs past midnight.
    if (!todayClosed && r.weekday === here.weekday && here.minutes >= start && here.minutes < end) return true;
    const yesterday = (here.weekday + 6) % 7;
    return !yesterdayClosed && r.weekday === yesterday && end > MINUTES_PER_DAY && here.minutes < end - MINUTES_PER_DAY;
  });

  let nextOpen: Date | null = null;
  // A fortnight and more: a week of company holidays still finds the day after.
  const horizon = 7 + closed.size;
  for (let offset = 0; offset <= horizon && !nextOpen; offset++) {
    if (closed.has(dateAt(offset))) continue;
    const weekday = (here.weekday + offset) % 7;
    const starts = ranges
      .filter((r) => r.weekday === weekday)
      .map((r) => minutesOf(r.start))
      .filter((m) => offset > 0 || m > here.minutes)
      .sort((a, b) => a - b);
    const first = starts[0];
    if (first === undefined) continue;
    const dayAnchor = new Date(Date.UTC(here.year, here.month - 1, here.day + offset));
    nextOpen = instantOf(dayAnchor.getUTCFullYear(), dayAnchor.getUTCMonth() + 1, dayAnchor.getUTCDate(), first, timeZone);
  }
  return { isOpenNow, nextOpen };
}

/** A datetime-local value (YYYY-MM-DDTHH:mm) read as the wall clock in `timeZone`; null when malformed. */
export function localDateTimeToInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return instantOf(year, month, day, hour * 60 + minute, timeZone);
}

/** The wall clock in `timeZone` as a datetime-local value, for a picker's `min`. */
export function instantToLocalDateTime(date: Date, timeZone: string): string {
  const p = zoned(date, timeZone);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(Math.floor(p.minutes / 60))}:${pad2(p.minutes % 60)}`;
}

/**
 * When "until the end of the day" ends: the close of the service day `now` belongs to. Within a
 * range that began yesterday and runs past midnight, that range's end; otherwise today's last
 * closing time while it is still ahead (so a dish marked sold out at ten in the morning stays so
 * through dinner); after the last close, midnight.
 */
export function endOfServiceDay(ranges: WeeklyRange[], now: Date, timeZone: string): Date {
  const here = zoned(now, timeZone);
  const yesterday = (here.weekday + 6) % 7;
  const spans = (r: WeeklyRange) => {
    const start = minutesOf(r.start);
    const end = minutesOf(r.end);
    return { start, end: end <= start ? end + MINUTES_PER_DAY : end };
  };
  for (const r of ranges.filter((x) => x.weekday === yesterday)) {
    const { end } = spans(r);
    if (end > MINUTES_PER_DAY && here.minutes < end - MINUTES_PER_DAY) {
      return instantOf(here.year, here.month, here.day, end - MINUTES_PER_DAY, timeZone);
    }
  }
  const lastClose = Math.max(-1, ...ranges.filter((x) => x.weekday === here.weekday).map((r) => spans(r).end));
  const end = lastClose > here.minutes ? lastClose : MINUTES_PER_DAY;
  return instantOf(here.year, here.month, here.day, end, timeZone);
}
