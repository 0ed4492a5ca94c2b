import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ID, type FirstScreen } from '../../../shared/contract/first-screen';
import type { TableSessionGrant } from '../../../shared/contract/order';
import { API_BASE } from '../../lib/api';
import { availabilityQuery } from '../availability';
import { catalogQueries } from './queries';

const CATEGORY_PRODUCTS = /^\/products\/categories\/(\d+)\/products$/;

/** The query an API path's answer belongs to, and what of the body it keeps (as `get` or `getWithMeta` would). */
function queryOf(path: string, lang: string, body: unknown): { key: readonly unknown[]; data: unknown } | null {
  const data = (body as { data?: unknown } | null)?.data;
  switch (path) {
    case '/settings':
      return { key: catalogQueries.settings(lang).queryKey, data };
    case '/pages':
      return { key: catalogQueries.pages(lang).queryKey, data };
    case '/languages':
      return { key: catalogQueries.languages().queryKey, data };
    case '/working-hours':
      return { key: catalogQueries.workingHours().queryKey, data: body };
    case '/products/categories':
      return { key: catalogQueries.categories(lang).queryKey, data };
    case '/products/menus':
      return { key: catalogQueries.menus(lang).queryKey, data };
    case '/areas':
      return { key: catalogQueries.areas().queryKey, data };
    case '/taxes':
      return { key: catalogQueries.taxes(lang).queryKey, data };
    case '/checkout/payment-providers':
      return { key: catalogQueries.paymentProviders(lang).queryKey, data };
    case '/availability':
      return { key: availabilityQuery().queryKey, data };
  }
  const category = CATEGORY_PRODUCTS.exec(path)?.[1];
  return category ? { key: catalogQueries.categoryProducts(lang, Number(category)).queryKey, data: body } : null;
}

/** The page's own answers, when it carries them and they are this client's: in its language, from this host's API. */
function readFirstScreen(lang: string): FirstScreen | null {
  const element = document.getElementById(FIRST_SCREEN_ID);
  // Read once: a later language switch or navigation must not find this page's old answers.
  element?.remove();
  // A branch on another host answers from its own database (decision 017).
  if (!element?.textContent || API_BASE !== '/api') return null;
  try {
    const screen = JSON.parse(element.textContent) as FirstScreen;
    return screen.lang === lang && screen.answers && typeof screen.answers === 'object' ? screen : null;
  } catch {
    return null;
  }
}

/**
 * Seeds the query cache with the catalog answers the server wrote into the page (decision 028):
 * the first route's loaders find them and ask nothing, so no API round trip holds the first
 * render. They are as fresh as the page, so they replace what an earlier visit kept.
 * Tells the catalog version the page was written at, when it says (decision 038).
 */
export function seedFirstScreen(queryClient: QueryClient, lang: string): string | null {
  const screen = readFirstScreen(lang);
  return screen ? seedAnswers(queryClient, screen) : null;
}

let pageTable: FirstScreen['table'] | null = null;

/**
 * The table session the page brought for its QR code (decision 047), once: for the code the
 * arrival names, and only the first time it is asked for.
 */
export function takePageTableGrant(code: string): TableSessionGrant | null {
  const arrival = pageTable;
  if (!arrival || arrival.requested !== code.trim()) return null;
  pageTable = null;
  return arrival.grant;
}

/** Puts a first screen's answers into the query cache, as fresh as now; tells its catalog version. Also the server's render (decision 045). */
export function seedAnswers(queryClient: QueryClient, screen: FirstScreen): string | null {
  const now = Date.now();
  pageTable = screen.table ?? null;
  for (const [path, body] of Object.entries(screen.answers)) {
    const query = queryOf(path, screen.lang, body);
    if (query && query.data !== undefined) queryClient.setQueryData(query.key, query.data, { updatedAt: now });
  }
  return typeof screen.catalogVersion === 'string' ? screen.catalogVersion : null;
}
