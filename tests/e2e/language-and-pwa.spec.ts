import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parsePo } from '../../src/server/i18n/catalogs';
import { cartButton, openHome, waitForServiceWorker } from './helpers';

test('German by default; switching to English changes the interface and the menu, and sticks', async ({ page }) => {
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Vorspeisen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Menüs' })).toBeVisible();
  // On a phone the header shows the language's code, so the restaurant's logo keeps its room; the
  // select is still the control, named, with the full names.
  const language = page.getByRole('combobox', { name: 'Sprache' }).first();
  await expect(page.locator('.site-header .language-switcher__code')).toHaveText('DE');
  await expect(language.locator('option:checked')).toHaveText('Deutsch');
  expect((await page.locator('.site-header .brand img').boundingBox())?.width).toBeGreaterThan(100);

  await language.selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.site-header .language-switcher__code')).toHaveText('EN');
  await expect(page.getByRole('link', { name: 'Starters' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Menus' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Starters' })).toBeVisible();
});

test('on the checkout, a language switch rewords the form, whose strings are catalogs of their own, and a reload keeps it', async ({ page }) => {
  await openHome(page);
  await page.locator('button.add-control').first().click();
  await expect(cartButton(page)).toContainText('1');
  await page.goto('/checkout');
  await expect(page.getByRole('radiogroup', { name: 'Bestellart' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Abholung', exact: true })).toBeVisible();

  await page.locator('#language-header').selectOption('en');
  await expect(page.getByRole('radiogroup', { name: 'Deliver option' })).toBeVisible();
  await page.getByRole('radio', { name: 'Delivery', exact: true }).check();
  await expect(page.getByRole('combobox', { name: 'Area' }).locator('option').first()).toHaveText('Please choose your area');

  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Deliver option' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pickup', exact: true })).toBeVisible();
});

/** One translation of a diner's catalog or of the demo menu, as the build ships it. */
function turkish(catalog: string, id: string): string {
  const text = parsePo(readFileSync(`${catalog}/tr/messages.po`, 'utf8'))[id];
  if (!text) throw new Error(`no Turkish for ${id}`);
  return text;
}
const turkishMenu = JSON.parse(readFileSync('src/server/db/seed/data/locales/tr.json', 'utf8')) as Record<string, string>;

test('a diner who reads Türkçe: menu and forms in Turkish, and after one visit a screen never opened speaks Turkish offline', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  // The switcher names every language in its own name.
  const names = await page.locator('#language-header option').allTextContents();
  expect(names).toEqual(expect.arrayContaining(['Deutsch', 'English', 'Türkçe', 'العربية', 'ქართული', 'ไทย', 'Srpski']));
  expect(names).toHaveLength(12);

  await page.locator('#language-header').selectOption('tr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: turkishMenu.Starters ?? 'missing', exact: true })).toBeVisible();
  // Prices in the Turkish way of writing euros.
  await expect(page.locator('.product-card').first()).toContainText('€');

  // Turkish is not installed with the app: the worker keeps its catalogs while the phone is idle.
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('languages-v1')).keys()).length), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(7);

  await context.setOffline(true);
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(turkish('src/client/locales', 'Contact Us'));
  await expect(page.getByLabel(turkish('src/client/features/contact/locales', 'Message'))).toBeVisible();

  // The checkout's form was never opened either, and its strings are catalogs of their own (the
  // first page's catalog does not carry them): offline, with a dish in the cart, it speaks Turkish.
  await page.goto('/');
  await page.locator('button.add-control').first().click();
  await expect(cartButton(page)).toContainText('1');
  await page.goto('/checkout');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('radiogroup', { name: turkish('src/client/features/checkout/locales', 'Deliver option') })).toBeVisible();
  await expect(page.getByRole('radio', { name: turkish('src/client/features/checkout/locales', 'Pickup'), exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('installable: the manifest has name, icons and standalone display, and the worker controls the page', async ({ page, request }) => {
  await openHome(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    short_name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toContain('Lindenhof');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  await waitForServiceWorker(page);
});

test('after one visit, an offline reload still shows the menu, the visited category and product, and the cart', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  // Visit a category and a product while the worker is in control, and fill the cart.
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  await page.getByRole('link', { name: /Pizza Margherita/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pizza Margherita' })).toBeVisible();
  const productUrl = page.url();
  await page.getByRole('dialog').getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(cartButton(page)).toContainText('1');
  // Let the worker finish caching what the page fetched.
  await page.waitForTimeout(500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeVisible();
  await expect(cartButton(page)).toContainText('1');
  // The visited product opens offline too, with its options.
  await page.goto(productUrl);
  const dialog = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Familie 40 cm/ })).toBeVisible();
  await page.keyboard.press('Escape');
  // And so does the home page with the slider.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Vorspeisen' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('the same offline reload fails, so the worker is what serves it', async ({ page, context }) => {
    await openHome(page);
    await page.getByRole('link', { name: 'Pizza', exact: true }).click();
    await context.setOffline(true);
    const error = await page.reload().then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message ?? '').toMatch(/ERR_INTERNET_DISCONNECTED|net::/);
    await context.setOffline(false);
  });
});

test('a direct visit to another page shows it without waiting out the loader, with working hours', async ({ page }) => {
  await page.goto('/contact');
  // Well before the 7.5 s cap: the overlay leaves as soon as the page's data is there.
  await expect(page.locator('.loading-overlay.is-visible')).toHaveCount(0, { timeout: 3000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Dienstag' })).toBeVisible();
});
