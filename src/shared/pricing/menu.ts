/**
 * Menu (combo) prices (spec §9): (menu price with its discount + per slot the chosen candidate's
 * option and extra prices at that slot's size) × qty.
 *
 * Decisions:
 * - The discount applies to the menu's own price only, never to options or extras; it is clamped
 *   into 0..100 (NaN counts as 0) and the discounted price is rounded half up to whole cents
 *   (999 at 15 % → 849.15 → 849).
 * - The candidate's size price is not added: it is part of the menu price. Each candidate in a
 *   slot carries exactly one size (`sizes[0]`); extras are priced at that size.
 * - Slot choices for unknown slots or products that are not candidates of the slot are ignored
 *   in pricing, and only the first choice per slot counts; `validateMenuChoice` rejects them.
 */
import type { Menu, MenuSlot, Product } from '../contract/catalog';
import type { MenuSlotChoice } from '../contract/cart';
import { type Cents, clamp, roundCents, timesQty, toCents } from './money';
import { extrasPrice, selectedOptionsPrice } from './product';

/** Only the price and the discount count, so the back office's editor prices a menu it is still writing. */
export function menuDiscountPercent(menu: Pick<Menu, 'discount'>): number {
  return Number.isFinite(menu.discount) ? clamp(menu.discount, 0, 100) : 0;
}

/** The menu's own price after its percent discount. */
export function menuBasePrice(menu: Pick<Menu, 'price' | 'discount'>): Cents {
  return roundCents((toCents(menu.price) * (100 - menuDiscountPercent(menu))) / 100);
}

/** The slot's candidate product a choice points at, or undefined. */
export function slotCandidate(slot: MenuSlot, productId: number): Product | undefined {
  return slot.products.find((p) => p.id === productId);
}

/** Options + extras of one slot's chosen candidate (its size price is in the menu price). */
export function slotChoicePrice(slot: MenuSlot, choice: MenuSlotChoice): Cents {
  const candidate = slotCandidate(slot, choice.productId);
  if (!candidate) return 0;
  const size = candidate.sizes[0];
  const extras = size ? extrasPrice(candidate.extras, choice.extraIds, size.id) : 0;
  return selectedOptionsPrice(candidate.variants, choice.options) + extras;
}

export function menuUnitPrice(menu: Menu, items: MenuSlotChoice[]): Cents {
  let total = menuBasePrice(menu);
  for (const slot of menu.items) {
    const choice = items.find((i) => i.slotId === slot.id);
    if (choice) total += slotChoicePrice(slot, choice);
  }
  return total;
}

export function menuLinePrice(menu: Menu, items: MenuSlotChoice[], qty: number): Cents {
  return timesQty(menuUnitPrice(menu, items), qty);
}
