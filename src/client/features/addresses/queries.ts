import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AddressOut } from '../../../shared/contract/account';
import { isOn, settingsMap } from '../../../shared/contract/settings';
import { get } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { tryEnsure } from '../../lib/try-ensure';
import { catalogQueries } from '../catalog';

/** The saved addresses live under one key: the account feature drops it on sign-out. */
export const ADDRESSES_KEY = ['my-addresses'] as const;

export const addressQueries = {
  /** Spec §7 `GET /me/addresses`: the default address first. */
  list: () =>
    queryOptions({
      queryKey: ADDRESSES_KEY,
      queryFn: ({ signal }) => get<AddressOut[]>('/me/addresses', undefined, signal),
      meta: { private: true },
    }),
  /** Spec §7 `GET /me/addresses/{id}/edit`; under the list key, so saving or signing out drops it too. */
  edit: (id: number) =>
    queryOptions({
      queryKey: [...ADDRESSES_KEY, id, 'edit'] as const,
      queryFn: ({ signal }) => get<AddressOut>(`/me/addresses/${id}/edit`, undefined, signal),
      staleTime: 0,
      meta: { private: true },
    }),
};

export type AddressSystem = 'old' | 'new';

/** The place look-ups (search, place details, range check): a signed-in customer's, or a guest's (decision 020). */
export type AddressLookups = '/me/addresses' | '/addresses';

/**
 * Which address screens the operator runs (spec §2, setting USES_NEW_ADDRESS_SYSTEM). Null when the
 * settings cannot be read (offline, nothing cached): the screen the diner asked for then stays.
 */
export async function addressSystem(queryClient: QueryClient): Promise<AddressSystem | null> {
  const raw = await tryEnsure(() => queryClient.ensureQueryData(catalogQueries.settings(i18n.locale)));
  if (!raw) return null;
  return isOn(settingsMap(raw), 'USES_NEW_ADDRESS_SYSTEM') ? 'new' : 'old';
}

/** The `return` search parameter of the create screens: only a way back to the checkout. */
export interface AddressCreateSearch {
  return?: 'checkout';
}

export function parseCreateSearch(search: Record<string, unknown>): AddressCreateSearch {
  return search.return === 'checkout' ? { return: 'checkout' } : {};
}

/**
 * After a create, update or delete: everything under the key goes stale, and the list is fetched
 * again even when no screen shows it, so the checkout and a reload (persisted cache) see the change.
 */
export function refreshAddresses(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY, refetchType: 'none' });
  void queryClient.refetchQueries({ queryKey: ADDRESSES_KEY, exact: true, type: 'all' });
}

/** The list query under the name the checkout uses. */
export const myAddressesQuery = addressQueries.list;
