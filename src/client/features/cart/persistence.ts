import { snapshot as valtioSnapshot, subscribe } from 'valtio';
import type { CartLine } from '../../../shared/contract/cart';
import { validateMenuChoice, validateProductChoice } from '../../../shared/pricing';
import { existingStorefrontDb, storefrontDb } from '../../lib/db';
import { cart } from './store';

/** Raise when the line shape changes: an older stored cart is then dropped, never misread. */
export const CART_SCHEMA = 1;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isQty = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** A plain copy (valtio proxies cannot be cloned into IndexedDB). */
const snapshot = (lines: CartLine[]): CartLine[] => JSON.parse(JSON.stringify(lines)) as CartLine[];

/** A stored line is kept only if this build can price it exactly as it was chosen. */
export function readLine(value: unknown): CartLine | null {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.name !== 'string' || !isQty(value.qty)) return null;
  try {
    if (value.type === 'productItem' && isObject(value.product) && isObject(value.choice)) {
      const line = value as unknown as CartLine & { type: 'productItem' };
      if (line.productId !== line.product.id || !Array.isArray(line.product.sizes) || !Array.isArray(line.choice.extraIds)) return null;
      return validateProductChoice(line.product, line.choice).length === 0 ? line : null;
    }
    if (value.type === 'menuItem' && isObject(value.menu) && Array.isArray(value.items)) {
      const line = value as unknown as CartLine & { type: 'menuItem' };
      if (line.menuId !== line.menu.id || line.qty > 6 || !Array.isArray(line.menu.items)) return null;
      return validateMenuChoice(line.menu, line.items).length === 0 ? line : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** Reads the stored cart into the store. Unreadable carts or lines are dropped and flagged, and the app starts regardless. */
export async function restoreCart(): Promise<void> {
  try {
    const stored = await (await existingStorefrontDb())?.cart.get('current');
    if (stored) {
      const raw = stored.schema === CART_SCHEMA && Array.isArray(stored.lines) ? stored.lines : null;
      const lines = (raw ?? []).map(readLine).filter((l): l is CartLine => l !== null);
      cart.lines.splice(0, cart.lines.length, ...lines);
      if (raw === null || lines.length !== raw.length) {
        cart.droppedStoredCart = true;
        // Store what was kept, so the next start does not report the same loss again.
        await (await storefrontDb()).cart.put({ id: 'current', schema: CART_SCHEMA, savedAt: Date.now(), lines: snapshot(lines) });
      }
    }
  } catch {
    cart.droppedStoredCart = true;
    await storefrontDb()
      .then((db) => db.cart.delete('current'))
      .catch(() => undefined);
  } finally {
    cart.restored = true;
  }
}

/**
 * Writes every change of the lines to IndexedDB (coalesced per tick by valtio).
 * It follows the whole store, not `cart.lines`: a subscription to the array would stay on the old
 * one when an operation replaces it, and the cart would silently stop being saved. Valtio's
 * snapshots share unchanged parts, so the lines' snapshot is a new object exactly when they changed.
 */
export function persistCart(): () => void {
  let written: unknown = null;
  return subscribe(cart, () => {
    if (!cart.restored) return;
    const lines = valtioSnapshot(cart).lines;
    if (lines === written) return;
    written = lines;
    // Copied now: the first write waits for the database to open, and the cart may change meanwhile.
    const stored = { id: 'current' as const, schema: CART_SCHEMA, savedAt: Date.now(), lines: snapshot(cart.lines) };
    void storefrontDb()
      .then((db) => db.cart.put(stored))
      .catch(() => undefined);
  });
}
