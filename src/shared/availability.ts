/**
 * Which of a cart line's choices are sold out: the server refuses them at checkout, the checkout
 * names them before the diner pays, and the customise dialogs disable them. Pure.
 */
import type { CartLine } from './contract/cart';
import type { Product, Variant } from './contract/catalog';
import type { SoldOutInfo } from './contract/staff';

export interface SoldOutSets {
  product: Set<number>;
  option: Set<number>;
  extra: Set<number>;
}

export function soldOutSets(records: readonly SoldOutInfo[]): SoldOutSets {
  const sets: SoldOutSets = { product: new Set(), option: new Set(), extra: new Set() };
  for (const r of records) sets[r.item].add(r.id);
  return sets;
}

function chosenOptionNames(variants: Variant[], options: Record<number, number[]>, sold: Set<number>, out: string[]): void {
  for (const variant of variants) {
    const ids = options[variant.id] ?? [];
    for (const option of variant.options.filter((o) => ids.includes(o.id))) {
      if (sold.has(option.id)) out.push(option.name);
      chosenOptionNames(option.children, options, sold, out);
    }
  }
}

function productChoiceNames(product: Product, options: Record<number, number[]>, extraIds: number[], sold: SoldOutSets): string[] {
  const out: string[] = [];
  if (sold.product.has(product.id)) out.push(product.name);
  chosenOptionNames(product.variants, options, sold.option, out);
  for (const extra of product.extras) if (extraIds.includes(extra.id) && sold.extra.has(extra.id)) out.push(extra.name);
  return out;
}

/** The names of what this line holds that is sold out (the dish, a chosen option or extra, a menu's chosen dish). */
export function soldOutNames(line: CartLine, sold: SoldOutSets): string[] {
  if (line.type === 'productItem') return productChoiceNames(line.product, line.choice.options, line.choice.extraIds, sold);
  const out: string[] = [];
  for (const choice of line.items) {
    const slot = line.menu.items.find((s) => s.id === choice.slotId);
    const product = slot?.products.find((p) => p.id === choice.productId);
    if (product) out.push(...productChoiceNames(product, choice.options, choice.extraIds, sold));
  }
  return out;
}
