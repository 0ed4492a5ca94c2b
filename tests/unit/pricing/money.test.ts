import { describe, it, expect } from 'vitest';
import { formatMoney, fromCents, toCents } from '../../../src/shared/pricing';

describe('toCents', () => {
  it.each([
    [12.9, 1290],
    [0.1 + 0.2, 30],
    [1.005, 101], // 1.005 * 100 is 100.49999999999999 in floats; trimmed to 6 decimals it rounds up
    [2.345, 235],
    [8.175, 818],
    [0, 0],
    [-1.005, -101], // halves round away from zero
  ])('converts %s euros to %s cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toCents(-0), 0)).toBe(true);
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('throws a RangeError for %s', (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it('gives two-decimal euro numbers', () => {
    expect(fromCents(1290)).toBe(12.9);
    expect(fromCents(5)).toBe(0.05);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
  });

  it('round-trips every cent value up to 100 €', () => {
    for (let c = 0; c <= 10000; c += 1) {
      if (toCents(fromCents(c)) !== c) throw new Error(`round trip failed for ${String(c)}`);
    }
    expect(toCents(fromCents(9999))).toBe(9999);
  });

  it('rejects fractional or non-finite cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats euros in German with a no-break space', () => {
    expect(formatMoney(1290, 'de-DE')).toBe('12,90\u00a0€');
    expect(formatMoney(123450, 'de')).toBe('1.234,50\u00a0€');
  });

  it('honours locale and currency', () => {
    expect(formatMoney(123450, 'en-US', 'USD')).toBe('$1,234.50');
    expect(formatMoney(5, 'en-US')).toBe('€0.05');
  });
});
