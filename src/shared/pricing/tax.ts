/**
 * Which tax class each cent of a cart line belongs to (decision 005, VAT per rate).
 *
 * - A product line: the size price takes the product's class; every chosen option and extra its
 *   own class, or the product's when it has none.
 * - A menu (combo) line: the menu's own price is split across its slots in proportion to the
 *   chosen candidates' own selling prices (their slot size), the German practice for combo
 *   menus; each part takes its candidate's class. Options and extras take their own class, as in
 *   a product line. All slot prices 0: equal parts.
 * - Every split uses the largest-remainder method, so the parts add up exactly to the line price.
 * - A line kept on a device from before tax classes has none in its snapshot: its parts carry
 *   `taxId: null`, and `cartTotals` counts them under the first tax.
 */
import type { Product } from '../contract/catalog';
import type { CartLine, MenuCartLine, OptionChoices, ProductCartLine } from '../contract/cart';
import { menuBasePrice, slotCandidate } from './menu';
import { type Cents, timesQty, toCents } from './money';
import { chosenExtras, chosenOptions } from './product';

export interface TaxPart {
  /** The tax class (a `Tax` id); null when the line's snapshot predates tax classes. */
  taxId: number | null;
  cents: Cents;
}

/**
 * Splits `total` cents into whole parts proportional to `weights` (largest remainder): each part
 * is rounded down, then the cents left over go to the largest remainders (earlier first on a tie).
 * The parts always add up to `total`. All weights 0 (or none positive): equal weights.
 */
export function splitProportionally(total: Cents, weights: number[]): Cents[] {
  if (weights.length === 0) return [];
  const positive = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = positive.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? positive : positive.map(() => 1);
  const weightSum = sum > 0 ? sum : used.length;
  const sign = total < 0 ? -1 : 1;
  const amount = Math.abs(total);
  // Quotient and remainder from `%`, so whole-cent weights never meet a float rounding of the division.
  const remainders = used.map((w) => (amount * w) % weightSum);
  const parts = used.map((w, i) => Math.round((amount * w - (remainders[i] ?? 0)) / weightSum));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const byRemainder = remainders
    .map((remainder, index) => ({ index, remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((p) => sign * p + 0);
}

/** The snapshot's class, or null for a snapshot stored before products had one. */
function classOf(owner: { taxId?: number | null } | undefined, fallback: number | null): number | null {
  const id = owner?.taxId;
  return typeof id === 'number' && Number.isInteger(id) ? id : fallback;
}

/** Options and extras of one product choice, each with its class (the product's when it has none). */
function choiceParts(product: Product, options: OptionChoices, extraIds: number[], sizeId: number | undefined): TaxPart[] {
  const own = classOf(product, null);
  const parts: TaxPart[] = chosenOptions(product.variants, options).map((o) => ({ taxId: classOf(o, own), cents: toCents(o.price) }));
  if (sizeId !== undefined) {
    for (const { extra, cents } of chosenExtras(product.extras, extraIds, sizeId)) parts.push({ taxId: classOf(extra, own), cents });
  }
  return parts;
}

function productParts(line: ProductCartLine): TaxPart[] {
  const { product, choice } = line;
  const size = product.sizes.find((s) => s.id === choice.sizeId);
  if (!size) throw new RangeError(`size ${String(choice.sizeId)} is not a size of product ${String(product.id)}`);
  const unit = [{ taxId: classOf(product, null), cents: toCents(size.price) }, ...choiceParts(product, choice.options, choice.extraIds, size.id)];
  return unit.map((p) => ({ taxId: p.taxId, cents: timesQty(p.cents, line.qty) }));
}

function menuParts(line: MenuCartLine): TaxPart[] {
  const { menu, items, qty } = line;
  const chosen = menu.items.flatMap((slot) => {
    const choice = items.find((i) => i.slotId === slot.id);
    const candidate = choice ? slotCandidate(slot, choice.productId) : undefined;
    return choice && candidate ? [{ choice, candidate }] : [];
  });
  const base = timesQty(menuBasePrice(menu), qty);
  const parts: TaxPart[] = [];
  if (chosen.length === 0) parts.push({ taxId: null, cents: base });
  else {
    const shares = splitProportionally(
      base,
      chosen.map(({ candidate }) => toCents(candidate.sizes[0]?.price ?? 0)),
    );
    chosen.forEach(({ candidate }, i) => parts.push({ taxId: classOf(candidate, null), cents: shares[i] ?? 0 }));
  }
  for (const { choice, candidate } of chosen) {
    for (const p of choiceParts(candidate, choice.options, choice.extraIds, candidate.sizes[0]?.id)) {
      parts.push({ taxId: p.taxId, cents: timesQty(p.cents, qty) });
    }
  }
  return parts;
}

/** Adds up parts of the same class, in the order the classes first appear; parts worth 0 are left out. */
export function mergeTaxParts(parts: TaxPart[]): TaxPart[] {
  const merged = new Map<number | null, Cents>();
  for (const p of parts) {
    if (p.cents === 0) continue;
    merged.set(p.taxId, (merged.get(p.taxId) ?? 0) + p.cents);
  }
  return [...merged].map(([taxId, cents]) => ({ taxId, cents }));
}

/** A line's price by tax class: `{ taxId, cents }` parts that add up exactly to `linePrice(line)`. */
export function lineTaxParts(line: CartLine): TaxPart[] {
  return mergeTaxParts(line.type === 'productItem' ? productParts(line) : menuParts(line));
}
