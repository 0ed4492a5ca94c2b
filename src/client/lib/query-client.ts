import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { followQueries } from './query-persistence';
import { STORAGE_KEYS } from './storage-keys';

/** Catalog data outlives a week offline at most; older than that it is dropped, not shown. */
const MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * A 4xx will not change by asking again; a flaky network might. With no network at all a retry
 * would pause until it returns, and a route loader awaiting that query would hold the previous
 * screen in place (another category's dishes under the new tile, a checkout that never opens):
 * fail at once instead, so the screen can say what is missing; the query runs again on reconnect.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (!navigator.onLine) return false;
  return !(error instanceof ApiError && error.status < 500) && failures < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: MAX_AGE,
        retry: shouldRetry,
        networkMode: 'offlineFirst',
      },
    },
  });
}

/**
 * Restores the persisted catalog before the first render, so a cold start without network shows
 * the menu, then keeps storage in step at idle moments (decision 044). The build id busts caches
 * from older app versions.
 */
export function persistQueries(queryClient: QueryClient): Promise<void> {
  followQueries(queryClient, {
    key: STORAGE_KEYS.queryCache,
    maxAge: MAX_AGE,
    buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
    // A customer's own data stays in memory: the next person on a shared phone must not find it in storage.
    keep: { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.private !== true },
  });
  return Promise.resolve();
}
