import { describe, expect, it } from 'vitest';
import { evenShares, lineDues } from '../../../src/shared/pricing';

describe('a shared table’s bill', () => {
  it('spreads an order’s total over its lines so paying every line pays exactly the order', () => {
    // 19 % VAT added on top and a tip: the lines' prices alone add up to less than the total.
    const dues = lineDues(2399, [990, 450, 550]);
    expect(dues.reduce((a, b) => a + b, 0)).toBe(2399);
    // 2399 × 990/1990 = 1193.46, × 450/1990 = 542.48, × 550/1990 = 663.04: the leftover cent goes to the largest remainder.
    expect(dues).toEqual([1193, 543, 663]);
    // A free line owes nothing while others carry the total.
    expect(lineDues(1000, [0, 500, 500])).toEqual([0, 500, 500]);
  });

  it('splits evenly in whole cents, the first shares taking the odd cents', () => {
    expect(evenShares(1000, 3)).toEqual([334, 333, 333]);
    expect(evenShares(1001, 2)).toEqual([501, 500]);
    for (let parts = 1; parts <= 20; parts++) {
      const shares = evenShares(12_345, parts);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(12_345);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    expect(() => evenShares(100, 0)).toThrow(RangeError);
    expect(() => evenShares(100, 2.5)).toThrow(RangeError);
  });
});
