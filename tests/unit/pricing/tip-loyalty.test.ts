import { describe, it, expect } from 'vitest';
import { earnedPoints, loyaltyCheckboxDisabled, loyaltyDiscount, normaliseTip, tipFromPercent } from '../../../src/shared/pricing';
import { loyaltyEarnPercent } from '../../../src/shared/contract/settings';

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

describe('earnedPoints', () => {
  it('is the percent of the items after points spent, rounded down to the cent', () => {
    expect(earnedPoints(3800, 142, 5)).toBe(182);
    expect(earnedPoints(950, 0, 5)).toBe(47);
  });

  it('earns nothing for a zero, negative or non-finite percent, and never below zero', () => {
    expect(earnedPoints(1000, 0, 0)).toBe(0);
    expect(earnedPoints(1000, 0, -5)).toBe(0);
    expect(earnedPoints(1000, 0, Number.NaN)).toBe(0);
    expect(earnedPoints(1000, 2000, 5)).toBe(0);
  });

  it('caps the percent at 100', () => {
    expect(earnedPoints(1000, 0, 250)).toBe(1000);
  });
});

describe('loyaltyEarnPercent', () => {
  it('reads the setting with a comma or a point, and falls back to 5 when unset or invalid', () => {
    expect(loyaltyEarnPercent({ LOYALTY_EARN_PERCENT: '2,5' })).toBe(2.5);
    expect(loyaltyEarnPercent({ LOYALTY_EARN_PERCENT: '10' })).toBe(10);
    expect(loyaltyEarnPercent({})).toBe(5);
    expect(loyaltyEarnPercent({ LOYALTY_EARN_PERCENT: 'viel' })).toBe(5);
  });
});
