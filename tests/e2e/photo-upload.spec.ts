import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Category, Product } from '../../src/shared/contract/catalog';
import { openHome, staffSignIn } from './helpers';

/** Where the screenshots of the Photos screen go, for a person to look at (not compared). */
const SHOTS = process.env.PHOTO_SHOTS_DIR ?? 'test-results/photo-shots';

/** A seeded dish without a picture: giving it one and taking it away again leaves the restaurant as seeded. */
async function dishWithoutPhoto(request: APIRequestContext): Promise<Product> {
  const de = { headers: { 'accept-language': 'de' } };
  const categories = ((await (await request.get('/api/products/categories', de)).json()) as { data: Category[] }).data;
  for (const category of categories) {
    const products = ((await (await request.get(`/api/products/categories/${category.id}/products`, de)).json()) as { data: Product[] }).data;
    const bare = products.find((p) => !p.hasPoster);
    if (bare) return bare;
  }
  throw new Error('every seeded dish has a photo');
}

/** A phone's photo: a plate on a table, with the camera's EXIF (GPS) that must never reach a diner. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d35400' } })
    .composite([{ input: { create: { width: 800, height: 800, channels: 3, background: '#f6ddcc' } }, left: 400, top: 200 }])
    .withExif({ IFD0: { Make: 'PhonoCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 33/1 0/1' } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Takes the photo away through the API, whatever state the screen is in (the restore of `finally`). */
async function removeThroughApi(staff: Page, product: Product): Promise<void> {
  await staff.evaluate(async (id) => {
    const token = localStorage.getItem('staff-token');
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    await fetch(`/api/staff/photos/product/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  }, product.id);
}

test('the owner photographs a dish on the Photos screen; the reloaded menu shows it from /media with a srcset; removing it restores the menu', async ({ browser, page, request }) => {
  const product = await dishWithoutPhoto(request);
  const staff = await staffSignIn(browser, '/staff/photos');
  try {
    await expect(staff.getByRole('heading', { name: 'Fotos', level: 1 })).toBeVisible();
    await staff.getByLabel('Eintrag suchen').fill(product.name);
    const item = staff.locator('.photos-page__item').filter({ has: staff.getByRole('heading', { name: product.name, exact: true }) });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Noch kein Foto. Ihre Gäste sehen diesen Eintrag ohne Bild.')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Foto aufnehmen' })).toBeEnabled();

    await item.getByTestId('photo-file').setInputFiles({ name: 'teller.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await expect(item.getByRole('status').filter({ hasText: 'Foto gespeichert.' })).toBeVisible({ timeout: 30_000 });
    const preview = item.locator('.photo-field__wide img');
    await expect(preview).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\.jpg$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(item.getByRole('button', { name: 'Foto entfernen' })).toBeVisible();

    mkdirSync(SHOTS, { recursive: true });
    await staff.getByLabel('Eintrag suchen').fill('');
    await staff.screenshot({ path: `${SHOTS}/photos-1280.png` });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByLabel('Eintrag suchen').fill(product.name);
    await staff.screenshot({ path: `${SHOTS}/photos-390.png`, fullPage: true });
    await staff.setViewportSize({ width: 1280, height: 800 });

    // The diner's menu, reloaded: the dish is a card now, its picture an AVIF/WebP srcset from /media.
    await openHome(page, `/?category=${product.category.id}`);
    const card = page.locator('.product-card').filter({ hasText: product.name });
    await card.scrollIntoViewIfNeeded();
    const avif = card.locator('picture source[type="image/avif"]');
    await expect(avif).toHaveAttribute('srcset', /^\/media\/[0-9a-f]{32}\.avif 320w,\s*\/media\/[0-9a-f]{32}\.avif 640w/);
    await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /\/media\/[0-9a-f]{32}\.webp 960w$/);
    const img = card.locator('picture img');
    await expect(img).toHaveAttribute('width', '400');
    await expect(img).toHaveAttribute('height', '250');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && new URL(el.currentSrc).pathname)).toMatch(/^\/media\/[0-9a-f]{32}\.avif$/);

    // Taken away again on the screen: the field says so, and the menu shows the dish without a picture.
    await item.getByRole('button', { name: 'Foto entfernen' }).click();
    await expect(item.getByRole('button', { name: 'Ja, entfernen' })).toBeFocused();
    await item.getByRole('button', { name: 'Ja, entfernen' }).click();
    await expect(item.getByRole('status').filter({ hasText: 'Foto entfernt.' })).toBeVisible();
    await expect(item.getByText('Noch kein Foto. Ihre Gäste sehen diesen Eintrag ohne Bild.')).toBeVisible();
    await page.reload();
    await expect(page.locator('.product-row').filter({ hasText: product.name })).toBeVisible();
  } finally {
    await removeThroughApi(staff, product);
    await staff.context().close();
  }
});
