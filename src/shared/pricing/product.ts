/**
 * Product prices (spec §9): (size price + chosen option prices + chosen extra prices for that size) × qty.
 *
 * Decisions:
 * - Pricing only counts what really belongs to the product: option ids that are not options of
 *   the variant, variant keys that are not reachable, and extra ids the product doesn't have are
 *   ignored (they cost nothing). A duplicated id is counted once. Rejecting such a choice is the
 *   job of `validateProductChoice`, which the server runs before pricing.
 * - A nested child menu (an option's `children`) is priced only while that option is chosen.
 * - An extra without a price for the chosen size is unavailable: validation reports it, pricing
 *   counts it as 0.
 * - A size id that is not one of the product's sizes makes `productUnitPrice` throw a RangeError:
 *   there is no sensible price to fall back on, and pricing it as 0 would undercharge.
 * - `defaultProductChoice` throws a RangeError for a product without sizes (it cannot be ordered).
 */
import type { Extra, Option, Product, Variant } from '../contract/catalog';
import type { OptionChoices, ProductChoice } from '../contract/cart';
import { type Cents, timesQty, toCents } from './money';

/** The chosen option ids for a variant, as a set (duplicates collapse). */
export function chosenOptionIds(options: OptionChoices, variantId: number): Set<number> {
  return new Set(options[variantId] ?? []);
}

/** The chosen options, walking nested child menus of chosen options only: what pricing and VAT both count. */
export function chosenOptions(variants: Variant[], options: OptionChoices): Option[] {
  const out: Option[] = [];
  for (const variant of variants) {
    const chosen = chosenOptionIds(options, variant.id);
    if (chosen.size === 0) continue;
    for (const option of variant.options) {
      if (!chosen.has(option.id)) continue;
      out.push(option);
      if (option.children.length > 0) out.push(...chosenOptions(option.children, options));
    }
  }
  return out;
}

/** Sum of the chosen options' prices, walking nested child menus of chosen options only. */
export function selectedOptionsPrice(variants: Variant[], options: OptionChoices): Cents {
  let total = 0;
  for (const option of chosenOptions(variants, options)) total += toCents(option.price);
  return total;
}

/** The price of one extra at a size, or null when the extra is not offered in that size. */
export function extraPriceForSize(extra: Extra, sizeId: number): Cents | null {
  const entry = extra.prices.find((p) => p.sizeId === sizeId);
  return entry ? toCents(entry.price) : null;
}

/** The chosen extras with their price at the size; unknown ones are left out, unavailable ones cost 0. */
export function chosenExtras(extras: Extra[], extraIds: number[], sizeId: number): { extra: Extra; cents: Cents }[] {
  const chosen = new Set(extraIds);
  return extras.filter((e) => chosen.has(e.id)).map((extra) => ({ extra, cents: extraPriceForSize(extra, sizeId) ?? 0 }));
}

/** Sum of the chosen extras' prices for the given size; unknown or unavailable extras cost 0. */
export function extrasPrice(extras: Extra[], extraIds: number[], sizeId: number): Cents {
  let total = 0;
  for (const { cents } of chosenExtras(extras, extraIds, sizeId)) total += cents;
  return total;
}

/** Size price + options + extras at that size. Throws a RangeError for a size the product doesn't have. */
export function productUnitPrice(product: Product, choice: ProductChoice): Cents {
  const size = product.sizes.find((s) => s.id === choice.sizeId);
  if (!size) throw new RangeError(`size ${String(choice.sizeId)} is not a size of product ${String(product.id)}`);
  return (
    toCents(size.price) +
    selectedOptionsPrice(product.variants, choice.options) +
    extrasPrice(product.extras, choice.extraIds, size.id)
  );
}

export function productLinePrice(product: Product, choice: ProductChoice, qty: number): Cents {
  return timesQty(productUnitPrice(product, choice), qty);
}

function preselectRequired(variants: Variant[], into: OptionChoices): void {
  for (const variant of variants) {
    const first = variant.options[0];
    if (!variant.required || variant.type !== 'select' || !first) continue;
    into[variant.id] = [first.id];
    preselectRequired(first.children, into);
  }
}

/**
 * The choice a customise modal opens with: the first size, the first option of every required
 * select variant (also inside the child menu of such a preselected option), no extras.
 * Required checkbox variants are left for the diner (validation reports them as required).
 */
export function defaultProductChoice(product: Product): ProductChoice {
  const size = product.sizes[0];
  if (!size) throw new RangeError(`product ${String(product.id)} has no sizes`);
  const options: OptionChoices = {};
  preselectRequired(product.variants, options);
  return { sizeId: size.id, options, extraIds: [] };
}
