/**
 * Loyalty points as a discount (spec §5). Points are the user's money balance ("profit") in cents.
 *
 * - The whole balance applies only if the cart price is at least points + 1 € (100 cents);
 *   otherwise it is ignored (0).
 * - The checkbox is disabled when points − cart price is ≥ 0 and < 1 €.
 *
 * Decision: both rules are kept exactly as the spec words them, even though they leave gaps
 * (e.g. points 5.00 €, cart 5.50 €: the checkbox is enabled yet the discount is 0; points far
 * above the cart price: enabled, discount 0). The tooltip text belongs to the UI.
 *
 * Earning, one rule everywhere (server ledger, the diner's balance screens): a completed order
 * earns the percent of what the diner paid for the items, dishes and drinks alike, after points
 * spent; the delivery fee, the tip and taxes added on top earn nothing. Rounded down to the cent.
 */
import type { Cents } from './money';

export const LOYALTY_MARGIN: Cents = 100;

export function loyaltyDiscount(points: Cents, cartPrice: Cents): Cents {
  if (!Number.isFinite(points) || !Number.isFinite(cartPrice) || points <= 0) return 0;
  return cartPrice >= points + LOYALTY_MARGIN ? points : 0;
}

export function loyaltyCheckboxDisabled(points: Cents, cartPrice: Cents): boolean {
  const diff = points - cartPrice;
  return diff >= 0 && diff < LOYALTY_MARGIN;
}

/** Points a completed order earns: `percent` of the items' subtotal after the discount (points spent). */
export function earnedPoints(itemsSubtotal: Cents, discount: Cents, percent: number): Cents {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  const paid = Math.max(0, itemsSubtotal - Math.max(0, discount));
  return Math.floor((paid * Math.min(percent, 100)) / 100);
}
