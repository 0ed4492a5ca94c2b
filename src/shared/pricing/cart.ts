/**
 * Cart lines and cart totals (spec §9):
 *   price = delivery fee + Σ lines
 *   tax   = Σ per tax class of the exclusive taxes' values (added on top)
 *   total = price − discount + tax + tip
 *
 * VAT per rate (decision 005):
 * - Each line is split into its tax classes (`lineTaxParts`); a tax applies only to the amounts of
 *   its own class. A tax whose class no line uses does not appear in `taxItems`.
 * - The delivery fee follows the items it delivers: it is split across the classes in proportion
 *   to their item amounts (an ancillary service shares the main supply's rate).
 * - A discount (spent points) is spread across the classes in proportion to their amounts,
 *   delivery share included. Both splits use the largest remainder, so the parts add up exactly.
 * - The tip is the staff's, voluntary, and carries no VAT: it is in no tax base.
 * - Per class, base = items + delivery share − discount share. Inclusive (German VAT, already in
 *   the menu prices): value = round(base × p / (100 + p)), shown, not added. Exclusive: value =
 *   round(base × p / 100), added on top; `tax` is the sum of those values. With one exclusive
 *   tax on every line this is exactly the spec's tax = (price − discount) × p / 100.
 * - Lines from a snapshot without a tax class, or with a class not in `taxes`, count under the
 *   first tax; with no taxes given there are no tax items at all.
 * - The discount is clamped into 0..price; negative delivery fees and tips count as 0; negative
 *   or non-finite tax percents count as 0. Input amounts are cents and must be whole numbers.
 * - Delivery: only `delivery` pays. Free when the area's freeDeliveryThreshold is above 0 and the
 *   cart price (the lines' subtotal, without the fee) reaches it — exactly at the threshold is free.
 */
import type { Area, Tax } from '../contract/catalog';
import type { CartLine } from '../contract/cart';
import type { DeliverType } from '../contract/checkout';
import { type Cents, clamp, roundCents, timesQty, toCents } from './money';
import { menuUnitPrice } from './menu';
import { productUnitPrice } from './product';
import { lineTaxParts, splitProportionally } from './tax';

export type { DeliverType };

export function lineUnitPrice(line: CartLine): Cents {
  switch (line.type) {
    case 'productItem':
      return productUnitPrice(line.product, line.choice);
    case 'menuItem':
      return menuUnitPrice(line.menu, line.items);
  }
}

export function linePrice(line: CartLine): Cents {
  return timesQty(lineUnitPrice(line), line.qty);
}

export function linesSubtotal(lines: CartLine[]): Cents {
  let total = 0;
  for (const line of lines) total += linePrice(line);
  return total;
}

export interface TaxItem {
  /** The tax class. */
  taxId: number;
  name: string;
  /** The tax percent. */
  amount: number;
  /** Cents the tax was computed on: the gross amount of its class (inclusive) or the net one it is added to (exclusive). */
  base: Cents;
  /** Cents: added on top for exclusive taxes, contained in the price for inclusive ones. */
  value: Cents;
  inclusive: boolean;
}

export interface CartTotalsInput {
  lines: CartLine[];
  deliveryFee?: Cents;
  discount?: Cents;
  taxes?: Tax[];
  tip?: Cents;
}

export interface CartTotals {
  /** Σ line prices. */
  subtotal: Cents;
  delivery: Cents;
  /** delivery + subtotal. */
  price: Cents;
  /** Clamped into 0..price. */
  discount: Cents;
  /** Sum of the percents of the exclusive taxes that apply (the spec's Σ percents with one rate). */
  taxPercent: number;
  /** Exclusive taxes only: Σ of their values. */
  tax: Cents;
  /** One per tax class the cart uses, in the order of `taxes`. */
  taxItems: TaxItem[];
  tip: Cents;
  total: Cents;
}

function wholeCents(value: Cents | undefined, what: string): Cents {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole cents, got ${String(value)}`);
  return value;
}

function taxPercent(tax: Tax): number {
  return Number.isFinite(tax.amount) && tax.amount > 0 ? tax.amount : 0;
}

/** The items' amount per tax, in the order of `taxes`; unknown classes count under the first tax. */
function itemsByTax(lines: CartLine[], taxes: Tax[]): Cents[] {
  const amounts = taxes.map(() => 0);
  if (taxes.length === 0) return amounts;
  const index = new Map(taxes.map((t, i) => [t.id, i]));
  for (const line of lines) {
    for (const part of lineTaxParts(line)) {
      const i = (part.taxId === null ? undefined : index.get(part.taxId)) ?? 0;
      amounts[i] = (amounts[i] ?? 0) + part.cents;
    }
  }
  return amounts;
}

export function cartTotals(input: CartTotalsInput): CartTotals {
  const subtotal = linesSubtotal(input.lines);
  const delivery = Math.max(0, wholeCents(input.deliveryFee, 'deliveryFee'));
  const price = subtotal + delivery;
  const discount = clamp(wholeCents(input.discount, 'discount'), 0, price);
  const tip = Math.max(0, wholeCents(input.tip, 'tip'));

  const taxes = input.taxes ?? [];
  const items = itemsByTax(input.lines, taxes);
  // Nothing to follow (no priced items): the fee goes to the first class.
  const deliveryShares = splitProportionally(delivery, items.some((c) => c > 0) ? items : items.map((_, i) => (i === 0 ? 1 : 0)));
  const gross = items.map((cents, i) => cents + (deliveryShares[i] ?? 0));
  const discountShares = splitProportionally(discount, gross);

  let exclusivePercent = 0;
  let tax = 0;
  const taxItems: TaxItem[] = [];
  taxes.forEach((t, i) => {
    // A class nothing in the cart uses does not appear.
    if ((gross[i] ?? 0) === 0) return;
    const p = taxPercent(t);
    const base = (gross[i] ?? 0) - (discountShares[i] ?? 0);
    if (t.inclusive) {
      taxItems.push({ taxId: t.id, name: t.name, amount: p, base, value: roundCents((base * p) / (100 + p)), inclusive: true });
      return;
    }
    const value = roundCents((base * p) / 100);
    exclusivePercent += p;
    tax += value;
    taxItems.push({ taxId: t.id, name: t.name, amount: p, base, value, inclusive: false });
  });

  return {
    subtotal,
    delivery,
    price,
    discount,
    taxPercent: exclusivePercent,
    tax,
    taxItems,
    tip,
    total: price - discount + tax + tip,
  };
}

/** The delivery fee for an area; 0 unless the diner chose delivery to a known area. */
export function deliveryFee(area: Area | null, cartPrice: Cents, deliverType: DeliverType | null): Cents {
  if (deliverType !== 'delivery' || area === null) return 0;
  const threshold = toCents(area.freeDeliveryThreshold);
  if (threshold > 0 && cartPrice >= threshold) return 0;
  return Math.max(0, toCents(area.deliveryPrice));
}

/** What is missing to reach the area's minimum order (0 when reached). The minimum counts the lines only, never the fee or tip. */
export function minimumOrderShortfall(area: Area | null, subtotal: Cents): Cents {
  if (area === null) return 0;
  return Math.max(0, toCents(area.minimumOrder) - subtotal);
}
