import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { openHome, waitForServiceWorker } from './helpers';

/**
 * The operator rebrands the restaurant through the operator API; an open storefront shows it on its
 * next load, without a rebuild (decision 019). Every spec shares this server: each setting changed
 * here is put back at the end.
 */
const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };
const CHANGED = ['SITE_TITLE', 'FAVICON', 'FONT_FAMILY', 'FONT_SIZE', 'BREADCRUMB_BACKGROUND', 'CUSTOM_HEADER_CODE'] as const;
/** Image settings go back to empty: their media fallback (the seeded icon and picture) serves again. */
const IMAGE_KEYS = new Set<string>(['FAVICON', 'BREADCRUMB_BACKGROUND']);
const original = new Map<string, string>();

async function setSetting(request: APIRequestContext, key: string, value: string): Promise<void> {
  const res = await request.put(`/api/operator/settings/${key}`, { headers: operator, data: { value } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const settings = ((await (await request.get('/api/settings')).json()) as { data: { key: string; value: unknown }[] }).data;
  for (const key of CHANGED) {
    const value = settings.find((s) => s.key === key)?.value;
    original.set(key, IMAGE_KEYS.has(key) || typeof value !== 'string' ? '' : value);
  }
});

test.afterAll(async ({ request }) => {
  for (const [key, value] of original) await setSetting(request, key, value);
});

/** The faces the page has loaded for a family (empty when it is not one of ours). */
const loadedFaces = (page: Page, family: string) =>
  page.evaluate(async (name) => (await document.fonts.load(`16px '${name}'`)).map((face) => face.status), family);

test('the operator rebrands an open storefront: name, icon, font, size, title picture and header code show on its next load, and the font works offline', async ({
  page,
  request,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // A first visit: the splash logo over the first paint, fading on its own without taking a tap.
  await page.goto('/');
  const splash = page.locator('.splash');
  await expect(splash).toHaveCount(1);
  expect(await splash.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  await openHome(page);
  await expect(splash).toBeHidden();
  await expect(page).toHaveTitle('Gasthaus Lindenhof');
  expect(await loadedFaces(page, 'Lora')).toEqual([]);
  await waitForServiceWorker(page);

  await setSetting(request, 'SITE_TITLE', 'Trattoria am Hafen');
  await setSetting(request, 'FAVICON', '/media/brand/logo-mark.svg');
  await setSetting(request, 'FONT_FAMILY', 'Lora');
  await setSetting(request, 'FONT_SIZE', '18px');
  await setSetting(request, 'BREADCRUMB_BACKGROUND', '/media/gallery/kueche-2.svg');
  await setSetting(request, 'CUSTOM_HEADER_CODE', '<meta name="e2e-brand" content="on" /><script>document.documentElement.dataset.headerCode = "ran";</script>');

  await page.reload();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  // The splash came once this session.
  await expect(page.locator('.splash')).toHaveCount(0);
  await expect(page).toHaveTitle('Trattoria am Hafen');
  // The app itself reads the fresh settings too: the header's home link carries the new name.
  await expect(page.getByRole('link', { name: 'Trattoria am Hafen – Startseite' })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/media/brand/logo-mark.svg');
  // The operator's script ran under the page's policy (its nonce), and nothing was refused.
  await expect(page.locator('html')).toHaveAttribute('data-header-code', 'ran');
  await expect(page.locator('meta[name="e2e-brand"]')).toHaveAttribute('content', 'on');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Lora"?/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
  expect(await loadedFaces(page, 'Lora')).toEqual(['loaded']);

  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toBe('Trattoria am Hafen');
  expect(manifest.icons.map((i) => i.src)).toEqual(['/media/brand/logo-mark.svg']);

  // The title picture behind a page's breadcrumb.
  await page.goto('/contact');
  const crumb = page.locator('.breadcrumb');
  await expect(crumb).toBeVisible();
  expect(await crumb.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/media/gallery/kueche-2.svg');
  await page.screenshot({ path: test.info().outputPath('contact-branded.png') });

  // Offline, the storefront keeps the restaurant's font (shipped with the app, stored by the worker).
  await page.context().setOffline(true);
  await page.goto('/');
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await expect.poll(() => loadedFaces(page, 'Lora')).toEqual(['loaded']);
  await expect(page).toHaveTitle('Trattoria am Hafen');
  await page.context().setOffline(false);
  expect(refused).toEqual([]);

  // Back to the system's fonts: the next load follows again.
  await setSetting(request, 'FONT_FAMILY', 'system');
  await page.reload();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  expect(await loadedFaces(page, 'Lora')).toEqual([]);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the splash stays away and the loader lets the menu through at once', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.splash')).toBeHidden();
    await expect(page.locator('.category-chip').first()).toBeVisible();
    await expect(page.locator('.loading-overlay.is-visible')).toHaveCount(0);
    expect(await page.locator('.loading-overlay').evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  });
});
