import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Category, CategoryProductsMeta, Product } from '../../src/shared/contract/catalog';
import type { ProductDoc } from '../../src/shared/contract/menu-admin';
import { euro, openHome, waitForServiceWorker } from './helpers';
import { ownerApi } from './staff-api';

const de = { headers: { 'accept-language': 'de' } };

/**
 * A one-size dish of the last category: the page the server writes carries the first category's
 * dishes only (decision 028), so this one's price comes from what the phone kept, or from the API.
 */
async function lastCategoryDish(request: APIRequestContext): Promise<{ category: Category; product: Product }> {
  const categories = ((await (await request.get('/api/products/categories', de)).json()) as { data: Category[] }).data;
  for (const category of [...categories].reverse().slice(0, -1)) {
    const list = (await (await request.get(`/api/products/categories/${category.id}/products`, de)).json()) as { data: Product[]; meta: CategoryProductsMeta };
    const product = list.data.find((p) => p.sizes.length === 1);
    if (product) return { category, product };
  }
  throw new Error('seed changed: no one-size dish outside the first category');
}

/** The dish's card in the menu, once its category is open. */
async function dishPrice(page: Page, category: Category, product: Product) {
  await page.getByRole('link', { name: category.name, exact: true }).click();
  return page.locator('.product-card, .product-row').filter({ hasText: product.name }).first();
}

// Save-Data on: the whole-menu save, which refetches everything in the background once the
// catalog version moved, does not run, so only the reload's own check can bring the new price.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
  });
});

test('a phone that reloads within the minute after staff change a price shows the new price, from the server page and from the worker\'s shell', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const api = await ownerApi(request);
  const { category, product } = await lastCategoryDish(request);
  const doc = await api<ProductDoc>('GET', `/menu/products/${product.id}`);
  const size = doc.sizes[0];
  if (!size) throw new Error('seed changed: a dish without a size');
  const reprice = (euros: number) => api('PUT', `/menu/products/${product.id}`, { ...doc, sizes: [{ ...size, price: euros }] });
  const shown = (euros: number) => euro(Math.round(euros * 100));

  try {
    // The phone opens the menu and sees the dish at its price; the worker takes over.
    await openHome(page);
    await waitForServiceWorker(page);
    await expect(await dishPrice(page, category, product)).toContainText(shown(size.price));

    // Staff raise the price; the phone reloads well within the minute its query cache calls fresh.
    await reprice(size.price + 1);
    await openHome(page);
    await expect(await dishPrice(page, category, product)).toContainText(shown(size.price + 1));

    // Again, with the server's page out of reach: the worker answers with its precached shell,
    // which carries no first-screen data, and the phone asks the server for the catalog version.
    await reprice(size.price + 2);
    let pagesRefused = 0;
    await context.route(
      (url) => url.pathname === '/',
      (route) => {
        pagesRefused++;
        return route.abort();
      },
    );
    await openHome(page);
    expect(pagesRefused, 'the worker asked for the page and was refused').toBeGreaterThan(0);
    await expect(await dishPrice(page, category, product)).toContainText(shown(size.price + 2));
  } finally {
    await context.unrouteAll();
    await reprice(size.price);
  }
});
