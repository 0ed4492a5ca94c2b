import { endTableSession } from '../table';
import { clearCart } from './store';

/**
 * Spec §4 "flushing the cart": the lines go, and so does the table this device was seated at, so
 * the next person on a shared phone or tablet neither sees the cart nor orders onto that table.
 */
export async function flushCart(): Promise<void> {
  clearCart();
  await endTableSession();
}
