import type { Menu, Product } from './catalog';

/** Chosen option ids keyed by variant id. Variant ids are unique across nesting levels, so a nested child menu's choices sit in the same map. */
export type OptionChoices = Record<number, number[]>;

/** What a diner chose for one product: never a price. */
export interface ProductChoice {
  sizeId: number;
  options: OptionChoices;
  extraIds: number[];
}

export interface MenuSlotChoice {
  slotId: number;
  productId: number;
  options: OptionChoices;
  extraIds: number[];
}

/** Cart product line (spec §3 productItem). `product` is the catalog snapshot the line was built from, so the cart renders and prices offline. */
export interface ProductCartLine {
  id: string;
  type: 'productItem';
  productId: number;
  categoryId: number;
  name: string;
  qty: number;
  choice: ProductChoice;
  product: Product;
}

/** Cart menu line (spec §3 menuItem). */
export interface MenuCartLine {
  id: string;
  type: 'menuItem';
  menuId: number;
  name: string;
  qty: number;
  items: MenuSlotChoice[];
  menu: Menu;
}

export type CartLine = ProductCartLine | MenuCartLine;

export const MIN_QTY = 1;
/** The customise modals and menu lines stop at 6 (spec §5); product lines in the cart have no upper limit. */
export const MAX_MODAL_QTY = 6;
export const MAX_MENU_LINE_QTY = 6;

/** A quantity added to the cart is a whole number, at least 1 (spec §4). */
export function normaliseQty(qty: number): number {
  if (!Number.isFinite(qty)) return MIN_QTY;
  return Math.max(MIN_QTY, Math.round(qty));
}
