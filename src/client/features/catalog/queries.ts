import type { PaymentProviderInfo } from '../../../shared/contract/order';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Area,
  Branch,
  BranchesMeta,
  Category,
  CategoryProductsMeta,
  Declarations,
  Language,
  Menu,
  Page,
  Product,
  Setting,
  Tax,
  WorkingHours,
  WorkingHoursMeta,
} from '../../../shared/contract/catalog';
import { settingsMap } from '../../../shared/contract/settings';
import { get, getBody, getWithMeta } from '../../lib/api';
import { menuFetchCache } from './version';

/** A menu call's body: past the worker's stored copy once the page knows the kept menu is behind (decision 038). */
const menuBody = <T>(path: string, signal: AbortSignal): Promise<T> => getBody<T>(path, signal, menuFetchCache());
const menuData = async <T>(path: string, signal: AbortSignal): Promise<T> => (await menuBody<{ data: T }>(path, signal)).data;

/** One query option per catalog call; keys carry the language so a switch refetches and caches apart. */
export const catalogQueries = {
  settings: (lang: string) =>
    queryOptions({
      queryKey: ['settings', lang],
      queryFn: ({ signal }) => get<Setting[]>('/settings', undefined, signal),
      select: settingsMap,
    }),
  pages: (lang: string) =>
    queryOptions({ queryKey: ['pages', lang], queryFn: ({ signal }) => get<Page[]>('/pages', undefined, signal) }),
  languages: () =>
    queryOptions({ queryKey: ['languages'], queryFn: ({ signal }) => get<Language[]>('/languages', undefined, signal) }),
  categories: (lang: string) =>
    queryOptions({
      queryKey: ['categories', lang],
      queryFn: ({ signal }) => menuData<Category[]>('/products/categories', signal),
    }),
  categoryProducts: (lang: string, categoryId: number) =>
    queryOptions({
      queryKey: ['category-products', lang, categoryId],
      queryFn: ({ signal }) => menuBody<{ data: Product[]; meta: CategoryProductsMeta }>(`/products/categories/${categoryId}/products`, signal),
    }),
  product: (lang: string, categoryId: number, productId: number) =>
    queryOptions({
      queryKey: ['product', lang, categoryId, productId],
      queryFn: ({ signal }) => menuData<Product>(`/products/categories/${categoryId}/products/${productId}`, signal),
    }),
  menus: (lang: string) =>
    queryOptions({ queryKey: ['menus', lang], queryFn: ({ signal }) => menuData<Menu[]>('/products/menus', signal) }),
  menu: (lang: string, menuId: number) =>
    queryOptions({
      queryKey: ['menu', lang, menuId],
      queryFn: ({ signal }) => menuData<Menu>(`/products/menus/${menuId}`, signal),
    }),
  workingHours: () =>
    queryOptions({
      queryKey: ['working-hours'],
      queryFn: ({ signal }) => getWithMeta<WorkingHours, WorkingHoursMeta>('/working-hours', undefined, signal),
      // Asked again on every visit: the owner closes for a holiday or switches the restaurant off,
      // and the clock moves; a copy kept from the last visit is only for offline. The answer the
      // page brought is this visit's (decision 028): a minute fresh, not asked again as it mounts.
      staleTime: 60_000,
    }),
  taxes: (lang: string) =>
    queryOptions({ queryKey: ['taxes', lang], queryFn: ({ signal }) => get<Tax[]>('/taxes', undefined, signal) }),
  declarations: (lang: string) =>
    queryOptions({ queryKey: ['declarations', lang], queryFn: ({ signal }) => get<Declarations>('/declarations', undefined, signal) }),
  areas: () => queryOptions({ queryKey: ['areas'], queryFn: ({ signal }) => get<Area[]>('/areas', undefined, signal) }),
  branches: () =>
    queryOptions({ queryKey: ['branches'], queryFn: ({ signal }) => getWithMeta<Branch[], BranchesMeta>('/branches', undefined, signal) }),
  paymentProviders: (lang: string) =>
    queryOptions({
      queryKey: ['payment-providers', lang],
      queryFn: ({ signal }) => get<PaymentProviderInfo[]>('/checkout/payment-providers', undefined, signal),
    }),
};

/**
 * A category list already holds its whole products: seed each product's own query from it, so
 * opening a product needs no second call and works offline after the category was seen.
 */
export function primeProducts(queryClient: QueryClient, lang: string, products: Product[]): void {
  for (const p of products) {
    const key = catalogQueries.product(lang, p.category.id, p.id).queryKey;
    if (!queryClient.getQueryData(key)) queryClient.setQueryData(key, p);
  }
}

/** What every screen needs at start (spec §7 "On startup"). */
export async function ensureStartupData(queryClient: QueryClient, lang: string): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(catalogQueries.settings(lang)),
    queryClient.ensureQueryData(catalogQueries.pages(lang)),
    queryClient.ensureQueryData(catalogQueries.languages()),
    queryClient.ensureQueryData(catalogQueries.workingHours()),
  ]);
}
