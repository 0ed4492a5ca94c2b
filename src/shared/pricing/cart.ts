/**
 * Cart lines and cart totals (spec §9):
 *   price = delivery fee + Σ lines
 *   tax   = (price − discount) × Σ exclusive tax percents / 100
 *   total = price − discount + tax + tip
 *
 * Decisions:
 * - Only taxes with `inclusive === false` add to `tax` and `total`. Inclusive taxes (German VAT is
 *   already in the menu prices) appear in `taxItems` with the amount they contain, for the
 *   receipt: value = round(base × p / (100 + p)). The base of every tax is price − discount, i.e.
 *   it includes the delivery fee.
 * - `tax` is rounded once from the summed percents, as the spec's formula says; each exclusive
 *   `taxItems` value is rounded on its own, so with several exclusive taxes their sum can differ
 *   from `tax` by a cent.
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
  name: string;
  /** The tax percent. */
  amount: number;
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
  /** Sum of the exclusive tax percents. */
  taxPercent: number;
  /** Exclusive taxes only. */
  tax: Cents;
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

export function cartTotals(input: CartTotalsInput): CartTotals {
  const subtotal = linesSubtotal(input.lines);
  const delivery = Math.max(0, wholeCents(input.deliveryFee, 'deliveryFee'));
  const price = subtotal + delivery;
  const discount = clamp(wholeCents(input.discount, 'discount'), 0, price);
  const tip = Math.max(0, wholeCents(input.tip, 'tip'));
  const base = price - discount;

  const taxes = input.taxes ?? [];
  let exclusivePercent = 0;
  const taxItems: TaxItem[] = taxes.map((t) => {
    const p = taxPercent(t);
    if (t.inclusive) return { name: t.name, amount: p, value: roundCents((base * p) / (100 + p)), inclusive: true };
    exclusivePercent += p;
    return { name: t.name, amount: p, value: roundCents((base * p) / 100), inclusive: false };
  });
  const tax = roundCents((base * exclusivePercent) / 100);

  return {
    subtotal,
    delivery,
    price,
    discount,
    taxPercent: exclusivePercent,
    tax,
    taxItems,
    tip,
    total: base + tax + tip,
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
