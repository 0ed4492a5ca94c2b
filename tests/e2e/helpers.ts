import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Category, CategoryProductsMeta, Menu, Product } from '../../src/shared/contract/catalog';
import { formatMoney, type Cents } from '../../src/shared/pricing';

export const euro = (cents: Cents, locale = 'de-DE') => formatMoney(cents, locale, 'EUR');

/** The popup content page opens once per session; close it the way a diner would. */
export async function openHome(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.category-tile').first()).toBeVisible();
  const dialog = page.locator('dialog[open]');
  if (await dialog.count()) {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, undefined, { timeout: 30_000 });
}

export async function catalogProduct(request: APIRequestContext, categoryName: string, productName: string): Promise<Product> {
  const categories = (await (await request.get('/api/products/categories', { headers: { 'accept-language': 'de' } })).json()) as { data: Category[] };
  const category = categories.data.find((c) => c.name === categoryName);
  if (!category) throw new Error(`no category ${categoryName}`);
  const list = (await (
    await request.get(`/api/products/categories/${category.id}/products`, { headers: { 'accept-language': 'de' } })
  ).json()) as { data: Product[]; meta: CategoryProductsMeta };
  const product = list.data.find((p) => p.name === productName);
  if (!product) throw new Error(`no product ${productName}`);
  return product;
}

export async function catalogMenus(request: APIRequestContext): Promise<Menu[]> {
  return ((await (await request.get('/api/products/menus', { headers: { 'accept-language': 'de' } })).json()) as { data: Menu[] }).data;
}

export const cartButton = (page: Page) => page.locator('.cart-button');
