import { describe, expect, it } from 'vitest';
import { localDateOf, openingState, type WeeklyRange } from '../../src/shared/opening-hours';

const TZ = 'Europe/Berlin';

/** Lunch and dinner every day of the week (Monday = 0). */
const week: WeeklyRange[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { weekday, start: '11:30', end: '14:30' },
  { weekday, start: '17:30', end: '22:00' },
]);

function at(iso: string, closed: string[], ranges: WeeklyRange[] = week) {
  const state = openingState(ranges, new Date(iso), TZ, closed);
  return { isOpenNow: state.isOpenNow, nextOpen: state.nextOpen?.toISOString() ?? null };
}

describe('closed days', () => {
  // 2026-11-24 is a Tuesday; 12:00 Berlin = 11:00Z.
  it('closes a day that would be open and opens the next morning', () => {
    expect(at('2026-11-24T11:00:00Z', [])).toEqual({ isOpenNow: true, nextOpen: '2026-11-24T16:30:00.000Z' });
    expect(at('2026-11-24T11:00:00Z', ['2026-11-24'])).toEqual({ isOpenNow: false, nextOpen: '2026-11-25T10:30:00.000Z' });
  });

  it('skips a whole week of company holidays', () => {
    const closed = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'];
    expect(at('2026-11-24T11:00:00Z', closed)).toEqual({ isOpenNow: false, nextOpen: '2026-12-02T10:30:00.000Z' });
  });

  it('reads the date in the restaurant time zone, not in UTC', () => {
    // 23:30Z on Monday is already Tuesday 00:30 in Berlin: Tuesday closed, next open Wednesday lunch.
    const nightOwl: WeeklyRange[] = [{ weekday: 1, start: '00:00', end: '02:00' }, { weekday: 2, start: '11:30', end: '14:30' }];
    expect(at('2026-11-23T23:30:00Z', [], nightOwl).isOpenNow).toBe(true);
    expect(at('2026-11-23T23:30:00Z', ['2026-11-24'], nightOwl)).toEqual({ isOpenNow: false, nextOpen: '2026-11-25T10:30:00.000Z' });
    expect(at('2026-11-23T23:30:00Z', ['2026-11-23'], nightOwl).isOpenNow).toBe(true);
  });

  it('lets a night that began the day before end as planned, and keeps a closed evening closed past midnight', () => {
    const late: WeeklyRange[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '20:00', end: '02:00' }));
    // Wednesday 2026-11-25 01:00 Berlin = 00:00Z: Tuesday's night is still running.
    expect(at('2026-11-25T00:00:00Z', ['2026-11-25'], late).isOpenNow).toBe(true);
    expect(at('2026-11-25T00:00:00Z', ['2026-11-24'], late)).toEqual({ isOpenNow: false, nextOpen: '2026-11-25T19:00:00.000Z' });
  });

  it('a closed day in the past or far ahead changes nothing today', () => {
    expect(at('2026-11-24T11:00:00Z', ['2026-01-01', '2027-12-24'])).toEqual({ isOpenNow: true, nextOpen: '2026-11-24T16:30:00.000Z' });
  });

  it('names the local date', () => {
    expect(localDateOf(new Date('2026-11-23T23:30:00Z'), TZ)).toBe('2026-11-24');
  });
});
