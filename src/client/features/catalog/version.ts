import type { QueryClient } from '@tanstack/react-query';
import type { CatalogVersion } from '../../../shared/contract/catalog';
import { getFresh } from '../../lib/api';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** The queries whose answers the catalog version covers (`menu-reads` hashes categories, dishes and menus). */
const MENU_QUERIES = new Set(['categories', 'category-products', 'product', 'menus', 'menu']);

/** Set once this page learned that the menu changed since the device kept it: the worker's stored copies are as old. */
let behind = false;

/** How menu queries fetch: past the worker's stored copy while the kept menu is behind the server's. */
export function menuFetchCache(): RequestCache {
  return behind ? 'no-cache' : 'default';
}

function keptVersions(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.catalogVersion) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Notes that the kept menu in `lang` is the one of `version` (after it was fetched, never before). */
export function keepCatalogVersion(lang: string, version: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.catalogVersion, JSON.stringify({ ...keptVersions(), [lang]: version }));
  } catch {
    // Not noted: the next start compares again and at worst asks once more.
  }
}

/**
 * A menu kept from an earlier visit stays fresh in the query cache for a minute, and the worker
 * answers menu calls from its own copy first: a reload right after a price change would show the
 * old price. The page tells the current catalog version when the server wrote it; a page from the
 * worker's precached shell carries none, so the server is asked when online. When the version is
 * not the kept one, the kept menu is refetched at once, past the worker's copy (decision 038).
 */
export async function followCatalogVersion(queryClient: QueryClient, lang: string, pageVersion: string | null): Promise<void> {
  let current = pageVersion;
  // With the page's version, only what earlier pages kept is in question (the page's own answers are current).
  let keptBefore = performance.timeOrigin;
  if (current === null) {
    // Offline the kept menu is all there is.
    if (!navigator.onLine) return;
    try {
      current = (await getFresh<CatalogVersion>('/products/version')).version;
    } catch {
      return;
    }
    // Fetched while the version was asked, an answer may be the worker's stored copy: none counts as current.
    keptBefore = Number.POSITIVE_INFINITY;
  }
  if (keptVersions()[lang] === current) return;
  behind = true;
  await queryClient.invalidateQueries({
    predicate: (q) => MENU_QUERIES.has(String(q.queryKey[0])) && q.queryKey[1] === lang && q.state.dataUpdatedAt < keptBefore,
  });
  keepCatalogVersion(lang, current);
}
