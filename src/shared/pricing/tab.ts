/**
 * A shared table's bill (decision 055). What each line owes is its share of its order's total
 * (taxes, tip and discount included), so paying every line of an order pays exactly what the
 * order cost; an even split shares an amount in whole cents, the first parts taking the odd cents.
 */
import type { Cents } from './money';
import { splitProportionally } from './tax';

/** Each line's due: the order's total spread over its lines in proportion to their prices. */
export function lineDues(orderTotal: Cents, linePrices: Cents[]): Cents[] {
  return splitProportionally(orderTotal, linePrices);
}

/** `total` in `parts` shares that add up to it exactly and differ by at most one cent. */
export function evenShares(total: Cents, parts: number): Cents[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`parts must be a whole number above 0, got ${String(parts)}`);
  return splitProportionally(total, Array.from({ length: parts }, () => 1));
}
