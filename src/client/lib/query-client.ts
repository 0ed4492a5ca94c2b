import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { ApiError } from './api';
import { STORAGE_KEYS } from './storage-keys';

/** Catalog data outlives a week offline at most; older than that it is dropped, not shown. */
const MAX_AGE = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: MAX_AGE,
        // A 4xx will not change by asking again; a flaky network might.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        networkMode: 'offlineFirst',
      },
    },
  });
}

/**
 * Restores the persisted catalog before the first render, so a cold start without network shows
 * the menu, then keeps storage in step. The build id busts caches from older app versions.
 */
export async function persistQueries(queryClient: QueryClient): Promise<void> {
  const persister = createSyncStoragePersister({ storage: window.localStorage, key: STORAGE_KEYS.queryCache, throttleTime: 500 });
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: MAX_AGE,
    buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
    // A customer's own data stays in memory: the next person on a shared phone must not find it in storage.
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.private !== true },
  });
  await restored;
}
