/**
 * The signed-in customer is server state: `GET /me` through TanStack Query, keyed once. The token
 * lives in local storage under `token` (spec §9) and is sent as a bearer token by `lib/api`.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthResult, User } from '../../../shared/contract/account';
import { apiErrorOf, onSessionEnded, send } from '../../lib/api';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export const ME_KEY = ['me'] as const;

export function hasToken(): boolean {
  return Boolean(localStorage.getItem(STORAGE_KEYS.token));
}

export const meQuery = () =>
  queryOptions({
    queryKey: ME_KEY,
    queryFn: async ({ signal }): Promise<User | null> => {
      if (!hasToken()) return null;
      const { status, body } = await send('GET', '/me', { signal });
      // Spec §7: read at start, failure ignored; a refused token has already been forgotten by lib/api.
      if (status === 401) return null;
      if (status < 200 || status >= 300) throw apiErrorOf(status, body);
      return (body as { data: User }).data;
    },
    staleTime: 60_000,
    meta: { private: true },
  });

export function useMe(): User | null {
  return useQuery(meQuery()).data ?? null;
}

/**
 * Everything that belongs to one customer (queries marked `meta.private`, which also stay out of
 * storage) is dropped when the customer changes, so the next person sees none of it.
 */
function dropPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.meta?.private === true && q.queryKey[0] !== ME_KEY[0] });
}

function forgetCustomer(queryClient: QueryClient): void {
  queryClient.setQueryData(ME_KEY, null);
  dropPrivateQueries(queryClient);
}

/** A 401 ends the session on this device; the cart and the device's orders stay. */
export function watchSession(queryClient: QueryClient): void {
  onSessionEnded(() => forgetCustomer(queryClient));
}

export function signedIn(queryClient: QueryClient, auth: AuthResult): void {
  localStorage.setItem(STORAGE_KEYS.token, auth.token);
  localStorage.removeItem(STORAGE_KEYS.socialSignedOut);
  dropPrivateQueries(queryClient);
  queryClient.setQueryData(ME_KEY, auth.user);
}

/**
 * The server revokes the token; offline, forgetting it here still signs this device out. The social
 * provider is signed out as far as this app can: the next social sign-in here makes the provider ask
 * again (features/account/social.ts) instead of silently returning the person who just left.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await send('POST', '/me/logout').catch(() => undefined);
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.setItem(STORAGE_KEYS.socialSignedOut, '1');
  forgetCustomer(queryClient);
}

/** The user, from cache or the server; null for visitors and when nothing can be asked (offline, no cache). */
export async function currentUser(queryClient: QueryClient): Promise<User | null> {
  if (!hasToken()) return null;
  try {
    // A null from before signing in is not an answer for the token stored since.
    return queryClient.getQueryData(ME_KEY) ?? (await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 }));
  } catch {
    return null;
  }
}

/**
 * Orders placed on this device as a guest join the account (the server checks each key and that
 * the order's e-mail is the account's). Best effort: the device keeps its own list either way.
 */
export async function attachDeviceOrders(orders: readonly { code: string; accessKey: string }[]): Promise<void> {
  if (!orders.length) return;
  await send('POST', '/me/orders', { body: { orders: orders.slice(0, 100).map((o) => ({ code: o.code, key: o.accessKey })) } }).catch(() => undefined);
}
