import { describe, it, expect } from 'vitest';
import { loyaltyCheckboxDisabled, loyaltyDiscount, normaliseTip, tipFromPercent } from '../../../src/shared/pricing';

describe('tipFromPercent', () => {
  it.each([
    [1999, 5, 100], // 99.95 → 100
    [1000, 10, 100],
    [1234, 12.5, 154], // 154.25 → 154
    [1990, 15, 299], // 298.5 → 299 (half up)
  ])('%s cents at %s%% is %s', (price, percent, tip) => {
    expect(tipFromPercent(price, percent)).toBe(tip);
  });

  it('is 0 for a zero, negative or non-finite percent or price', () => {
    expect(tipFromPercent(1999, 0)).toBe(0);
    expect(tipFromPercent(1999, -5)).toBe(0);
    expect(tipFromPercent(1999, Number.NaN)).toBe(0);
    expect(tipFromPercent(0, 10)).toBe(0);
    expect(tipFromPercent(-500, 10)).toBe(0);
  });
});

describe('normaliseTip', () => {
  it.each([
    [2.345, 235],
    [3, 300],
    [0.005, 1],
    [0.004, 0],
    [-1, 0],
    [0, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('typed %s € becomes %s cents', (amount, cents) => {
    expect(normaliseTip(amount)).toBe(cents);
  });
});

describe('loyaltyDiscount', () => {
  it('applies the whole balance when the cart price is at least points + 1 €', () => {
    expect(loyaltyDiscount(500, 600)).toBe(500);
    expect(loyaltyDiscount(500, 10000)).toBe(500);
  });

  it('ignores the points one cent below the boundary', () => {
    expect(loyaltyDiscount(500, 599)).toBe(0);
    expect(loyaltyDiscount(500, 400)).toBe(0);
  });

  it('is 0 without points', () => {
    expect(loyaltyDiscount(0, 1000)).toBe(0);
    expect(loyaltyDiscount(-50, 1000)).toBe(0);
  });
});

describe('loyaltyCheckboxDisabled', () => {
  it.each([
    [500, 500, true], // points − price = 0
    [500, 401, true], // 0.99 €
    [500, 400, false], // exactly 1 €
    [500, 501, false], // negative difference
  ])('points %s, cart %s → disabled %s', (points, price, disabled) => {
    expect(loyaltyCheckboxDisabled(points, price)).toBe(disabled);
  });
});
