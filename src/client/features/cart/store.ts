import { proxy } from 'valtio';
import type { CartLine, MenuCartLine, ProductCartLine } from '../../../shared/contract/cart';
import { MAX_MENU_LINE_QTY, MIN_QTY, normaliseQty } from '../../../shared/contract/cart';
import { MAX_PRODUCT_LINE_QTY } from '../../../shared/contract/order';
import { lineKey } from './line-key';

export interface CartState {
  lines: CartLine[];
  /** True once the stored cart was read back (or found missing), so nothing overwrites it early. */
  restored: boolean;
  /** Set when a stored cart could not be read and was dropped; the shell tells the diner. */
  droppedStoredCart: boolean;
  panelOpen: boolean;
  /** The line just added, for the 2-second notice. */
  lastAdded: { name: string; at: number } | null;
}

export const cart = proxy<CartState>({
  lines: [],
  restored: false,
  droppedStoredCart: false,
  panelOpen: false,
  lastAdded: null,
});

// Spec §4 sets no upper limit on product lines; the server takes at most 99 of one dish per line.
const maxFor = (line: CartLine) => (line.type === 'menuItem' ? MAX_MENU_LINE_QTY : MAX_PRODUCT_LINE_QTY);

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

type NewLine = Omit<ProductCartLine, 'id'> | Omit<MenuCartLine, 'id'>;

/**
 * Adds a line, or raises the quantity of the same dish made the same way (spec §4 rounding and
 * limits). `announce: false` for lines added together that say themselves what they added
 * ("Order again"): the added notice names one product, the last one.
 */
export function addLine(input: NewLine, { announce = true }: { announce?: boolean } = {}): void {
  const line = { ...input, id: newId(), qty: normaliseQty(input.qty) } as CartLine;
  line.qty = Math.min(line.qty, maxFor(line));
  const key = lineKey(line);
  const same = cart.lines.find((l) => lineKey(l) === key);
  if (same) same.qty = Math.min(same.qty + line.qty, maxFor(same));
  else cart.lines.push(line);
  if (announce) cart.lastAdded = { name: line.name, at: Date.now() };
}

/** Product lines stop at 99, menu lines at 6; nothing goes below 1 (spec §4). */
export function setQty(lineId: string, qty: number): void {
  const line = cart.lines.find((l) => l.id === lineId);
  if (!line) return;
  line.qty = Math.min(Math.max(MIN_QTY, normaliseQty(qty)), maxFor(line));
}

export function increment(lineId: string): void {
  const line = cart.lines.find((l) => l.id === lineId);
  if (line) setQty(lineId, line.qty + 1);
}

export function decrement(lineId: string): void {
  const line = cart.lines.find((l) => l.id === lineId);
  if (line) setQty(lineId, line.qty - 1);
}

export function canIncrement(line: CartLine): boolean {
  return line.qty < maxFor(line);
}

export function removeLine(lineId: string): void {
  const index = cart.lines.findIndex((l) => l.id === lineId);
  if (index >= 0) cart.lines.splice(index, 1);
}

/** The lines an order took: gone once the restaurant has the order. */
export function removeLines(lineIds: readonly string[]): void {
  const ids = new Set(lineIds);
  cart.lines = cart.lines.filter((l) => !ids.has(l.id));
}

export function clearCart(): void {
  cart.lines.splice(0, cart.lines.length);
}

export function openCartPanel(open = true): void {
  cart.panelOpen = open;
}

export function itemCount(lines: readonly { readonly qty: number }[]): number {
  return lines.reduce((n, l) => n + l.qty, 0);
}
