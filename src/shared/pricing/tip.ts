/**
 * Tips (spec §4, §5): a percent button sets the tip to that percent of the cart price; a typed
 * amount is rounded to two decimals; zero, less, or not a number clears the tip.
 *
 * Decisions: the caller decides which "cart price" the percent applies to; the result is rounded
 * half up to whole cents (5 % of 19.99 € → 1.00 €). A non-finite or non-positive percent or
 * price gives 0. Non-finite typed amounts (NaN, ±Infinity) clear the tip instead of throwing,
 * since they come from a form field.
 */
import { type Cents, roundCents, toCents } from './money';

export function tipFromPercent(price: Cents, percent: number): Cents {
  if (!Number.isFinite(price) || !Number.isFinite(percent) || price <= 0 || percent <= 0) return 0;
  return roundCents((price * percent) / 100);
}

export function normaliseTip(amount: number): Cents {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.max(0, toCents(amount));
}
