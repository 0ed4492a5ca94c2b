/**
 * The strict allergen filter's reasoning (issue 17 part 2, decision 054). Pure, so the menu, the
 * customise dialogs, an offline reload and the server's order lines reason alike.
 *
 * It reads only what the menu declares: a dish's own declarations are in it whatever is chosen, an
 * option or an extra adds its own. It never says a dish is free of anything; it says what the
 * menu data declares, and the diner is told to ask staff.
 */
import { avoidsAnything, type AvoidList } from './contract/allergen-filter';
import type { OptionChoices } from './contract/cart';
import type { Extra, Menu, Option, Product, Variant } from './contract/catalog';

/** Declaration codes, per kind. */
export type Codes = AvoidList;

const NO_CODES: Codes = { allergens: [], additives: [] };

/** Codes in menu order: letters alphabetically, numbers by value (2 before 10). */
export const sortCodes = (codes: Iterable<string>): string[] => [...new Set(codes)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

const union = (lists: Codes[]): Codes => ({
  allergens: sortCodes(lists.flatMap((l) => l.allergens)),
  additives: sortCodes(lists.flatMap((l) => l.additives)),
});

const isEmpty = (codes: Codes) => codes.allergens.length + codes.additives.length === 0;

export const productCodes = (product: Pick<Product, 'allergens' | 'additives'>): Codes => ({
  allergens: product.allergens.map((d) => d.code),
  additives: product.additives.map((d) => d.code),
});

/** What the avoid list and these codes have in common. */
function hits(avoid: AvoidList, codes: Codes): Codes {
  return { allergens: codes.allergens.filter((c) => avoid.allergens.includes(c)), additives: codes.additives.filter((c) => avoid.additives.includes(c)) };
}

/**
 * Why an option cannot be chosen: what it declares itself, or, when one of its required child
 * menus offers nothing that can be, what those offers declare. Empty: it can be chosen.
 */
export function optionConflict(avoid: AvoidList, option: Option): Codes {
  const own = hits(avoid, option);
  if (!isEmpty(own)) return own;
  return union(option.children.map((v) => requiredVariantConflict(avoid, v)));
}

/** A required variant none of whose options can be chosen: what they declare. Else nothing. */
function requiredVariantConflict(avoid: AvoidList, variant: Variant): Codes {
  if (!variant.required || variant.options.length === 0) return NO_CODES;
  const conflicts = variant.options.map((o) => optionConflict(avoid, o));
  return conflicts.some(isEmpty) ? NO_CODES : union(conflicts);
}

export const extraConflict = (avoid: AvoidList, extra: Extra): Codes => hits(avoid, extra);

/** Why a dish cannot be made for this diner from its declared parts: its own declarations, or a required choice with no acceptable option. */
export function productConflict(avoid: AvoidList, product: Product): Codes {
  if (!avoidsAnything(avoid)) return NO_CODES;
  const own = hits(avoid, productCodes(product));
  if (!isEmpty(own)) return own;
  return union(product.variants.map((v) => requiredVariantConflict(avoid, v)));
}

/** A combo menu every one of whose slots has a dish this diner can have; else what the slot's dishes declare. */
export function menuConflict(avoid: AvoidList, menu: Menu): Codes {
  if (!avoidsAnything(avoid)) return NO_CODES;
  return union(
    menu.items.map((slot) => {
      const conflicts = slot.products.map((p) => productConflict(avoid, p));
      return conflicts.length === 0 || conflicts.some(isEmpty) ? NO_CODES : union(conflicts);
    }),
  );
}

export const hasConflict = (codes: Codes): boolean => !isEmpty(codes);

/** Every option anywhere in the tree that cannot be chosen, with why. */
export function blockedOptions(avoid: AvoidList, variants: Variant[]): Map<number, Codes> {
  const out = new Map<number, Codes>();
  if (!avoidsAnything(avoid)) return out;
  const walk = (list: Variant[]) => {
    for (const v of list) {
      for (const o of v.options) {
        const conflict = optionConflict(avoid, o);
        if (!isEmpty(conflict)) out.set(o.id, conflict);
        walk(o.children);
      }
    }
  };
  walk(variants);
  return out;
}

/** Each item (dish, combo menu, extra) the filter finds something in, with what. */
export function conflictsIn<T extends { id: number }>(avoid: AvoidList, items: readonly T[], conflictOf: (avoid: AvoidList, item: T) => Codes): Map<number, Codes> {
  const out = new Map<number, Codes>();
  if (!avoidsAnything(avoid)) return out;
  for (const item of items) {
    const conflict = conflictOf(avoid, item);
    if (!isEmpty(conflict)) out.set(item.id, conflict);
  }
  return out;
}

export const blockedExtras = (avoid: AvoidList, extras: Extra[]): Map<number, Codes> => conflictsIn(avoid, extras, extraConflict);

/**
 * A dish's choice with what the diner avoids taken out: a required select moves to its first
 * option that can be chosen (so a dish safe only without its default option starts without it),
 * anything else blocked is unchosen. Child menus of an option no longer chosen go with it.
 */
export function withoutBlocked(variants: Variant[], options: OptionChoices, blocked: ReadonlyMap<number, Codes>): OptionChoices {
  if (blocked.size === 0) return options;
  const out: OptionChoices = {};
  const walk = (list: Variant[]) => {
    for (const v of list) {
      let chosen = (options[v.id] ?? []).filter((id) => !blocked.has(id));
      if (v.type === 'select' && v.required && chosen.length === 0) {
        const first = v.options.find((o) => !blocked.has(o.id));
        if (first) chosen = [first.id];
      }
      if (chosen.length) out[v.id] = chosen;
      for (const o of v.options) if (chosen.includes(o.id)) walk(o.children);
    }
  };
  walk(variants);
  return out;
}

/** Every code a dish holds with these choices: its own, its chosen options' (child menus too) and its chosen extras'. */
export function chosenCodes(product: Product, options: OptionChoices, extraIds: readonly number[]): Codes {
  const lists: Codes[] = [productCodes(product)];
  const walk = (list: Variant[]) => {
    for (const v of list) {
      const ids = options[v.id] ?? [];
      for (const o of v.options) {
        if (!ids.includes(o.id)) continue;
        lists.push(o);
        walk(o.children);
      }
    }
  };
  walk(product.variants);
  for (const e of product.extras) if (extraIds.includes(e.id)) lists.push(e);
  return union(lists);
}
