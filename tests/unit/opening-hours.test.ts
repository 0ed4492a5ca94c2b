import { describe, expect, it } from 'vitest';
import { endOfServiceDay, openingState, type WeeklyRange } from '../../src/shared/opening-hours';

const TZ = 'Europe/Berlin';
const MON = 0;
const TUE = 1;
const FRI = 4;
const SUN = 6;

/** Lunch and dinner every day but Monday (Monday = 0). */
const week: WeeklyRange[] = [TUE, 2, 3, FRI, 5, SUN].flatMap((weekday) => [
  { weekday, start: '11:30', end: '14:30' },
  { weekday, start: '17:30', end: '22:00' },
]);

function at(iso: string, ranges: WeeklyRange[] = week) {
  const state = openingState(ranges, new Date(iso), TZ);
  return { isOpenNow: state.isOpenNow, nextOpen: state.nextOpen?.toISOString() ?? null };
}

describe('openingState in winter (CET, UTC+1)', () => {
  // 2026-11-24 is a Tuesday; 12:00 Berlin = 11:00Z.
  it('is open inside a range and names the next range start today', () => {
    expect(at('2026-11-24T11:00:00Z')).toEqual({ isOpenNow: true, nextOpen: '2026-11-24T16:30:00.000Z' });
  });

  it('is closed between two ranges and opens at the next start today', () => {
    // 15:00 Berlin.
    expect(at('2026-11-24T14:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-11-24T16:30:00.000Z' });
  });

  it('is closed before the first range and opens at it: Tuesday 11:30 Berlin = 10:30Z', () => {
    // 09:00 Berlin.
    expect(at('2026-11-24T08:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-11-24T10:30:00.000Z' });
  });

  it('is open from the first minute of a range and closed at its end', () => {
    expect(at('2026-11-24T10:30:00Z').isOpenNow).toBe(true); // 11:30
    expect(at('2026-11-24T10:29:00Z').isOpenNow).toBe(false); // 11:29
    expect(at('2026-11-24T13:29:00Z').isOpenNow).toBe(true); // 14:29
    expect(at('2026-11-24T13:30:00Z').isOpenNow).toBe(false); // 14:30
  });

  it('after the last range of the day opens on the next day', () => {
    // Tuesday 23:00 Berlin → Wednesday 11:30 Berlin.
    expect(at('2026-11-24T22:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-11-25T10:30:00.000Z' });
  });

  it('skips Monday, closed all day, to Tuesday', () => {
    // Monday 2026-11-23 12:00 Berlin.
    expect(at('2026-11-23T11:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-11-24T10:30:00.000Z' });
  });

  it('after Sunday dinner skips the closed Monday', () => {
    // Sunday 2026-11-29 22:30 Berlin.
    expect(at('2026-11-29T21:30:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-12-01T10:30:00.000Z' });
  });

  it('uses the Berlin weekday, not the UTC one', () => {
    // Monday 00:30 Berlin is still Sunday 23:30Z: Berlin says closed Monday, next open Tuesday.
    expect(at('2026-11-22T23:30:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-11-24T10:30:00.000Z' });
  });

  it('with a single weekly range already over today opens on the same weekday next week', () => {
    const tuesdayOnly: WeeklyRange[] = [{ weekday: TUE, start: '11:30', end: '14:30' }];
    expect(at('2026-11-24T14:00:00Z', tuesdayOnly)).toEqual({
      isOpenNow: false,
      nextOpen: '2026-12-01T10:30:00.000Z',
    });
  });

  it('sorts unsorted ranges to find the earliest next start', () => {
    const unsorted: WeeklyRange[] = [
      { weekday: TUE, start: '18:00', end: '22:00' },
      { weekday: TUE, start: '12:00', end: '14:00' },
    ];
    // Tuesday 09:00 Berlin.
    expect(at('2026-11-24T08:00:00Z', unsorted).nextOpen).toBe('2026-11-24T11:00:00.000Z');
  });
});

describe('openingState in summer (CEST, UTC+2)', () => {
  it('Tuesday 2026-07-07 11:30 Berlin is 09:30Z', () => {
    // Monday 2026-07-06 12:00 Berlin, closed.
    expect(at('2026-07-06T10:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-07-07T09:30:00.000Z' });
  });

  it('is open on a summer Tuesday at 12:00 Berlin (10:00Z), not by the UTC clock', () => {
    expect(at('2026-07-07T10:00:00Z').isOpenNow).toBe(true);
    // 09:15Z is 11:15 Berlin: still closed although 11:15Z would be inside the range.
    expect(at('2026-07-07T09:15:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-07-07T09:30:00.000Z' });
  });

  it('names the next opening across the switch back to winter time', () => {
    // Saturday 2026-10-24 23:00 CEST; clocks go back on Sunday 25th; Sunday 11:30 CET = 10:30Z.
    expect(at('2026-10-24T21:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-10-25T10:30:00.000Z' });
  });

  it('names the next opening across the switch to summer time', () => {
    // Saturday 2026-03-28 23:00 CET; clocks go forward on Sunday 29th; Sunday 11:30 CEST = 09:30Z.
    expect(at('2026-03-28T22:00:00Z')).toEqual({ isOpenNow: false, nextOpen: '2026-03-29T09:30:00.000Z' });
  });
});

describe('ranges past midnight', () => {
  const lateFriday: WeeklyRange[] = [{ weekday: FRI, start: '22:00', end: '02:00' }];

  it('is open late on the range day', () => {
    // Friday 2026-11-27 23:00 Berlin.
    expect(at('2026-11-27T22:00:00Z', lateFriday).isOpenNow).toBe(true);
  });

  it('is open at 01:00 the next day', () => {
    // Saturday 2026-11-28 01:00 Berlin = 00:00Z.
    expect(at('2026-11-28T00:00:00Z', lateFriday).isOpenNow).toBe(true);
  });

  it('closes at the end time the next day and opens again next Friday', () => {
    // Saturday 02:00 Berlin.
    expect(at('2026-11-28T01:00:00Z', lateFriday)).toEqual({
      isOpenNow: false,
      nextOpen: '2026-12-04T21:00:00.000Z',
    });
  });

  it('is closed on Friday before the start and opens at 22:00 Berlin', () => {
    expect(at('2026-11-27T20:00:00Z', lateFriday)).toEqual({
      isOpenNow: false,
      nextOpen: '2026-11-27T21:00:00.000Z',
    });
  });

  it('is closed at 01:00 on Friday itself: the range runs from Friday night into Saturday', () => {
    // Friday 01:00 Berlin: the range belongs to Friday night, not Thursday night.
    expect(at('2026-11-27T00:00:00Z', lateFriday).isOpenNow).toBe(false);
  });

  it('wraps from Sunday night into Monday', () => {
    const lateSunday: WeeklyRange[] = [{ weekday: SUN, start: '22:00', end: '02:00' }];
    // Monday 2026-11-30 01:30 Berlin.
    expect(at('2026-11-30T00:30:00Z', lateSunday).isOpenNow).toBe(true);
    expect(at('2026-11-30T01:30:00Z', lateSunday).isOpenNow).toBe(false);
  });

  it('treats equal start and end as open around the clock', () => {
    const allDay: WeeklyRange[] = [{ weekday: MON, start: '00:00', end: '00:00' }];
    // Monday 2026-11-23 23:59 Berlin.
    expect(at('2026-11-23T22:59:00Z', allDay).isOpenNow).toBe(true);
    // Tuesday 00:00 Berlin.
    expect(at('2026-11-23T23:00:00Z', allDay).isOpenNow).toBe(false);
  });
});

describe('no opening hours', () => {
  it('is closed with no next opening', () => {
    expect(openingState([], new Date('2026-11-24T11:00:00Z'), TZ)).toEqual({ isOpenNow: false, nextOpen: null });
  });
});

describe('endOfServiceDay: when "until the end of the day" ends', () => {
  const end = (iso: string, ranges: WeeklyRange[] = week) => endOfServiceDay(ranges, new Date(iso), TZ).toISOString();

  it('before opening and between services, holds through the last close of the day', () => {
    // Tuesday 10:00 and 15:00 Berlin: the day's last range ends 22:00 (21:00Z).
    expect(end('2026-11-24T09:00:00Z')).toBe('2026-11-24T21:00:00.000Z');
    expect(end('2026-11-24T14:00:00Z')).toBe('2026-11-24T21:00:00.000Z');
  });

  it('after the last close, and on a closed day, ends at midnight', () => {
    expect(end('2026-11-24T21:30:00Z')).toBe('2026-11-24T23:00:00.000Z');
    // Monday (closed) noon.
    expect(end('2026-11-23T11:00:00Z')).toBe('2026-11-23T23:00:00.000Z');
  });

  it('in a range that runs past midnight, ends with it, on either side of midnight', () => {
    const late: WeeklyRange[] = [{ weekday: FRI, start: '18:00', end: '02:00' }];
    // Friday 23:00 Berlin and Saturday 01:00 Berlin: both end Saturday 02:00 (01:00Z).
    expect(end('2026-11-27T22:00:00Z', late)).toBe('2026-11-28T01:00:00.000Z');
    expect(end('2026-11-28T00:00:00Z', late)).toBe('2026-11-28T01:00:00.000Z');
  });

  it('follows the zone across the switch to summer time', () => {
    // Sunday 29 March 2026, the clocks go forward at 02:00; 17:30–22:00 Berlin is 15:30–20:00Z.
    expect(end('2026-03-29T10:00:00Z')).toBe('2026-03-29T20:00:00.000Z');
  });
});
