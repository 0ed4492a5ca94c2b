import type { Branch } from '../../../shared/contract/catalog';
import type { ChosenBranch } from '../../lib/branch';
import { storefrontDb } from '../../lib/db';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { clearCart } from '../cart';
import { endTableSession } from '../table';

/** Whether choosing `target` changes the host this device orders from. */
export function changesHost(current: ChosenBranch | null, target: Branch): boolean {
  return !current || current.url !== target.url;
}

/**
 * Moves this device to another branch (decision 017). What belongs to one branch goes: the cart
 * (priced with that branch's menu), the table session (its tables), the checkout draft, the
 * sign-in token (an account lives in that branch's database) and the cached catalog. The
 * language, the device's order links and the popups seen stay. Then the site reloads with the
 * new API base.
 */
export async function switchBranch(target: Branch, hub: string): Promise<void> {
  clearCart();
  await endTableSession();
  // The cart's store writes on change; this reload must not outrun it.
  await storefrontDb()
    .then((db) => db.cart.delete('current'))
    .catch(() => undefined);
  sessionStorage.removeItem(STORAGE_KEYS.checkoutDraft);
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.queryCache, STORAGE_KEYS.offlineMenu]) localStorage.removeItem(key);
  const chosen: ChosenBranch = { name: target.name, url: target.url, hub };
  localStorage.setItem(STORAGE_KEYS.branch, JSON.stringify(chosen));
  window.location.assign('/');
}
