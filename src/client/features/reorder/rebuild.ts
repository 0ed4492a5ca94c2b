/**
 * "Order again" (issue 17): a past order's lines rebuilt from today's menu, so the cart prices them
 * at today's prices from today's snapshots. Pure.
 *
 * Decisions:
 * - A chosen option or extra that no longer exists, or is sold out today, is left out and named;
 *   the dish is added without it when it is still complete.
 * - A dish or menu that is gone or sold out, whose size is gone, or that is no longer complete
 *   without what was left out (a required choice, a menu slot's dish), is not added and is named:
 *   the diner chooses again on the menu rather than getting something they did not pick.
 * - A dish the device could not look up (offline, its section never loaded) is named as
 *   unchecked, never as gone: we do not claim more than the data we hold says.
 */
import type { SoldOutSets } from '../../../shared/availability';
import type { MenuCartLine, MenuSlotChoice, OptionChoices, ProductCartLine, ProductChoice } from '../../../shared/contract/cart';
import type { Menu, Product, Variant } from '../../../shared/contract/catalog';
import type { OrderItemOut } from '../../../shared/contract/order';
import { slotCandidate, validateMenuChoice, validateProductChoice } from '../../../shared/pricing';

export type NewCartLine = Omit<ProductCartLine, 'id'> | Omit<MenuCartLine, 'id'>;

export type LeftReason = 'gone' | 'soldOut' | 'chooseAgain' | 'unchecked';

/** What did not come back as it was: a whole line (`reason`), or parts of a line that was added. */
export type Left = { name: string; reason: LeftReason } | { name: string; without: string[] };

export interface Rebuilt {
  lines: NewCartLine[];
  left: Left[];
}

export interface TodaysMenu {
  product: (id: number) => Product | undefined;
  menu: (id: number) => Menu | undefined;
  /** False when part of the menu could not be read (offline): what is not found is then unchecked. */
  complete: boolean;
  sold: SoldOutSets;
}

interface Pruned {
  options: OptionChoices;
  extraIds: number[];
  /** Today's names of what was chosen, still exists, and was left out (sold out, or under an option left out). */
  leftOut: string[];
  /** How many chosen options and extras no longer exist at all. */
  gone: number;
}

/** The chosen options that still exist and are not sold out, following only the options kept (a child menu under a dropped option goes with it). */
function pruneOptions(variants: Variant[], chosen: OptionChoices, soldOptions: Set<number>, into: Pruned): void {
  for (const variant of variants) {
    const wanted = chosen[variant.id] ?? [];
    let kept = variant.options.filter((o) => wanted.includes(o.id) && !soldOptions.has(o.id));
    if (variant.type !== 'checkbox') kept = kept.slice(0, 1);
    if (!kept.length) continue;
    into.options[variant.id] = kept.map((o) => o.id);
    for (const option of kept) pruneOptions(option.children, chosen, soldOptions, into);
  }
}

/** Every option of a variant tree, by id, nested child menus included. */
function optionsById(variants: Variant[], into = new Map<number, string>()): Map<number, string> {
  for (const variant of variants) {
    for (const option of variant.options) {
      into.set(option.id, option.name);
      optionsById(option.children, into);
    }
  }
  return into;
}

/** Compared by id: the order's names are in the language it was placed in, today's menu in the page's. */
function pruneChoice(product: Product, options: OptionChoices, extraIds: number[], sold: SoldOutSets): Pruned {
  const pruned: Pruned = { options: {}, extraIds: [], leftOut: [], gone: 0 };
  pruneOptions(product.variants, options, sold.option, pruned);
  const known = optionsById(product.variants);
  const keptOptions = new Set(Object.values(pruned.options).flat());
  for (const id of new Set(Object.values(options).flat())) {
    if (keptOptions.has(id)) continue;
    const name = known.get(id);
    if (name === undefined) pruned.gone += 1;
    else pruned.leftOut.push(name);
  }
  for (const id of new Set(extraIds)) {
    const extra = product.extras.find((e) => e.id === id);
    if (!extra) pruned.gone += 1;
    else if (sold.extra.has(id)) pruned.leftOut.push(extra.name);
    else pruned.extraIds.push(id);
  }
  return pruned;
}

/**
 * What a line comes back without, by name: today's names of what is left out, and for what no
 * longer exists the order's own names that match nothing on today's dish (today's menu cannot name
 * what it no longer has).
 */
function namesLeftOut(pruned: Pruned, product: Product, placed: { options: OrderItemOut['options']; extras: string[] }): string[] {
  if (!pruned.gone) return pruned.leftOut;
  const today = new Set([...optionsById(product.variants).values(), ...product.extras.map((e) => e.name)]);
  const unmatched = [...placed.options.flatMap((o) => o.values), ...placed.extras].filter((name) => !today.has(name));
  return [...pruned.leftOut, ...unmatched];
}

export function rebuildOrder(items: readonly OrderItemOut[], today: TodaysMenu): Rebuilt {
  const lines: NewCartLine[] = [];
  const left: Left[] = [];
  const notFound = (name: string) => left.push({ name, reason: today.complete ? 'gone' : 'unchecked' });

  for (const item of items) {
    const again = item.again;
    if (!again) {
      left.push({ name: item.name, reason: 'chooseAgain' });
      continue;
    }
    if (again.type === 'productItem') {
      const product = today.product(again.productId);
      if (!product) {
        notFound(item.name);
        continue;
      }
      if (today.sold.product.has(product.id)) {
        left.push({ name: product.name, reason: 'soldOut' });
        continue;
      }
      const pruned = pruneChoice(product, again.options, again.extraIds, today.sold);
      const choice: ProductChoice = { sizeId: again.sizeId, options: pruned.options, extraIds: pruned.extraIds };
      if (validateProductChoice(product, choice).length) {
        left.push({ name: product.name, reason: 'chooseAgain' });
        continue;
      }
      lines.push({ type: 'productItem', productId: product.id, categoryId: product.category.id, name: product.name, qty: item.qty, choice, product });
      const without = namesLeftOut(pruned, product, item);
      if (without.length) left.push({ name: product.name, without });
      continue;
    }

    const menu = today.menu(again.menuId);
    if (!menu) {
      notFound(item.name);
      continue;
    }
    const slots: MenuSlotChoice[] = [];
    const without: string[] = [];
    let complete = true;
    for (const slot of menu.items) {
      const chosen = again.items.find((c) => c.slotId === slot.id);
      const candidate = chosen ? slotCandidate(slot, chosen.productId) : undefined;
      if (!chosen || !candidate || today.sold.product.has(candidate.id)) {
        complete = false;
        break;
      }
      const pruned = pruneChoice(candidate, chosen.options, chosen.extraIds, today.sold);
      slots.push({ slotId: slot.id, productId: candidate.id, options: pruned.options, extraIds: pruned.extraIds });
      // The slot as placed, by position: its names are in the order's language.
      const placed = item.menu?.[menu.items.indexOf(slot)] ?? { options: [], extras: [] };
      without.push(...namesLeftOut(pruned, candidate, placed));
    }
    if (!complete || validateMenuChoice(menu, slots).length) {
      left.push({ name: menu.name, reason: 'chooseAgain' });
      continue;
    }
    lines.push({ type: 'menuItem', menuId: menu.id, name: menu.name, qty: item.qty, items: slots, menu });
    if (without.length) left.push({ name: menu.name, without });
  }
  return { lines, left };
}
