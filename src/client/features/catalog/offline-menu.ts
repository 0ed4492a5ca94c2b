/**
 * Saves the whole menu for offline use: every category, its dishes one by one, the menus, what
 * the checkout needs, and every picture a phone shows, into the query cache (which persists, so
 * the app renders it) and, through the worker, into its caches. Loaded lazily when the device is
 * idle; runs once per catalog version and language.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CatalogVersion, Category, CategoryProductsMeta, Menu, Product } from '../../../shared/contract/catalog';
import { API_BASE, apiErrorOf } from '../../lib/api';
import { flushQueryPersistence } from '../../lib/query-persistence';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { connectionHints, isSaveCurrent, mayFetchMenu, parseSavedMenus, phoneImages } from './offline-plan';
import { catalogQueries } from './queries';
import { keepCatalogVersion } from './version';

export type SaveOutcome = 'saved' | 'current' | 'skipped' | 'incomplete';

/** Requests at a time: enough to finish soon, few enough to leave the diner's own taps room. */
const PARALLEL = 3;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * Public calls, asked fresh (`no-cache`: the worker stores the current answer rather than handing
 * back its old one) and without the sign-in token, which would keep them out of the shared cache.
 */
async function fetchBody<T>(path: string, lang: string): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', 'Accept-Language': lang },
    credentials: 'same-origin',
    cache: 'no-cache',
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, body);
  return body as T;
}

async function fetchData<T>(path: string, lang: string): Promise<T> {
  return (await fetchBody<{ data: T }>(path, lang)).data;
}

/** Runs the tasks a few at a time, each when the device is idle; tells whether every one succeeded. */
async function runIdle(tasks: readonly (() => Promise<unknown>)[]): Promise<boolean> {
  let next = 0;
  let ok = true;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await whenIdle();
      try {
        await task?.();
      } catch {
        ok = false;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return ok;
}

function cacheComplete(queryClient: QueryClient, lang: string): boolean {
  const categories = queryClient.getQueryData(catalogQueries.categories(lang).queryKey);
  if (!categories || !queryClient.getQueryData(catalogQueries.menus(lang).queryKey)) return false;
  return categories.every((c) => queryClient.getQueryData(catalogQueries.categoryProducts(lang, c.id).queryKey) !== undefined);
}

function readSaved() {
  try {
    return parseSavedMenus(localStorage.getItem(STORAGE_KEYS.offlineMenu));
  } catch {
    return {};
  }
}

function writeSaved(lang: string, version: string, worker: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.offlineMenu, JSON.stringify({ ...readSaved(), [lang]: { version, worker } }));
  } catch {
    // Storage full or blocked: the next visit saves again, nothing else is lost.
  }
}

/** How long the save waits for the worker to keep the menu page: a worker that does not answer leaves the page unkept, the save done. */
const KEEP_PAGE_TIMEOUT_MS = 10_000;

/**
 * Asks the controlling worker to keep the menu page for an offline start (decision 050), afresh
 * when the menu changed. Resolves once it has answered (or given no answer in time).
 */
function keepMenuPage(lang: string, fresh: boolean): Promise<void> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, KEEP_PAGE_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'KEEP_MENU_PAGE', lang, fresh }, [channel.port2]);
  });
}

export async function saveMenuForOffline(queryClient: QueryClient, lang: string): Promise<SaveOutcome> {
  const outcome = await saveMenu(queryClient, lang);
  if (outcome === 'saved' || outcome === 'current') await keepMenuPage(lang, outcome === 'saved');
  return outcome;
}

async function saveMenu(queryClient: QueryClient, lang: string): Promise<SaveOutcome> {
  if (!mayFetchMenu({ onLine: navigator.onLine, connection: connectionHints() })) return 'skipped';
  const { version } = await fetchData<CatalogVersion>('/products/version', lang);
  const hasWorker = 'serviceWorker' in navigator;
  if (isSaveCurrent(readSaved()[lang], version, hasWorker, cacheComplete(queryClient, lang))) return 'current';
  // What goes through a controlling worker lands in its caches too.
  const worker = hasWorker && navigator.serviceWorker.controller !== null;

  const [categories, menus] = await Promise.all([
    fetchData<Category[]>('/products/categories', lang),
    fetchData<Menu[]>('/products/menus', lang),
  ]);
  queryClient.setQueryData(catalogQueries.categories(lang).queryKey, categories);
  queryClient.setQueryData(catalogQueries.menus(lang).queryKey, menus);

  const products: Product[] = [];
  const listsOk = await runIdle(
    categories.map((c) => async () => {
      const list = await fetchBody<{ data: Product[]; meta: CategoryProductsMeta }>(`/products/categories/${c.id}/products`, lang);
      queryClient.setQueryData(catalogQueries.categoryProducts(lang, c.id).queryKey, list);
      products.push(...list.data);
    }),
  );
  const detailsOk = await runIdle(
    products.map((p) => async () => {
      const product = await fetchData<Product>(`/products/categories/${p.category.id}/products/${p.id}`, lang);
      queryClient.setQueryData(catalogQueries.product(lang, p.category.id, p.id).queryKey, product);
    }),
  );
  // What the checkout and the allergen filter read, so they open offline too (settings and hours are read at every start).
  const checkoutOk = await runIdle([
    async () => queryClient.setQueryData(catalogQueries.declarations(lang).queryKey, await fetchData('/declarations', lang)),
    async () => queryClient.setQueryData(catalogQueries.areas().queryKey, await fetchData('/areas', lang)),
    async () => queryClient.setQueryData(catalogQueries.taxes(lang).queryKey, await fetchData('/taxes', lang)),
    async () =>
      queryClient.setQueryData(catalogQueries.paymentProviders(lang).queryKey, await fetchData('/checkout/payment-providers', lang)),
  ]);
  // Through the worker, which keeps each picture (the precache already holds the bundled ones).
  const imagesOk = await runIdle(
    phoneImages(categories, products, menus).map((url) => async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${response.status} ${url}`);
      await response.arrayBuffer();
    }),
  );
  if (!(listsOk && detailsOk && checkoutOk && imagesOk)) return 'incomplete';
  // Storage follows the cache at idle moments: note the save only once the last of it is written.
  flushQueryPersistence();
  writeSaved(lang, version, worker);
  keepCatalogVersion(lang, version);
  return 'saved';
}
