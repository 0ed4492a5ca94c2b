import type { QueryClient } from '@tanstack/react-query';
import type { Menu, Product } from '../../../shared/contract/catalog';
import { tryEnsure } from '../../lib/try-ensure';
import { availabilityQuery, soldOutNow } from '../availability';
import { catalogQueries } from '../catalog';
import type { TodaysMenu } from './rebuild';

/**
 * Today's dishes and menus as this device can read them: from the query cache and the worker's
 * copy when offline, from the network otherwise; the sold-out list is asked afresh when possible.
 */
export async function loadTodaysMenu(queryClient: QueryClient, lang: string): Promise<TodaysMenu> {
  const [categories, menus, availability] = await Promise.all([
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categories(lang))),
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.menus(lang))),
    tryEnsure(() => queryClient.fetchQuery({ ...availabilityQuery(), staleTime: 10_000 })).then(
      (fresh) => fresh ?? queryClient.getQueryData(availabilityQuery().queryKey),
    ),
  ]);
  const sections = await Promise.all(
    (categories ?? []).map((c) => tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categoryProducts(lang, c.id)))),
  );
  const products = new Map<number, Product>();
  for (const section of sections) for (const p of section?.data ?? []) if (!products.has(p.id)) products.set(p.id, p);
  const menuById = new Map<number, Menu>((menus ?? []).map((m) => [m.id, m]));
  return {
    product: (id) => products.get(id),
    menu: (id) => menuById.get(id),
    complete: categories !== undefined && menus !== undefined && sections.every((s) => s !== undefined),
    sold: soldOutNow(availability),
  };
}
