/**
 * Arabic runs right to left (issue 15): on a phone, choosing العربية mirrors the page (the first
 * category chip at the right edge, the cart panel from the left), keeps left-to-right values
 * readable inside Arabic text (a price isolated, the phone number in its own order), turns the
 * "go on" arrow around but not an icon without a direction, survives a reload, and Deutsch brings
 * left to right back. Positions are compared with the viewport's halves, never to the pixel.
 */
import { expect, test, type Page } from '@playwright/test';
import { catalogProduct, openHome } from './helpers';

const FSI = '\u2068';
const PDI = '\u2069';

async function viewportWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.clientWidth);
}

test('Arabic mirrors the storefront and keeps prices, phone numbers and the language choice right', async ({ page, request }) => {
  const pizza = await catalogProduct(request, 'Pizza', 'Pizza Margherita');
  await openHome(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'ltr');

  await page.locator('#language-header').selectOption('ar');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const width = await viewportWidth(page);

  // The chips start at the right edge and run leftwards.
  // Asked until it holds: the bar re-renders in the new language and may still be centring its active chip.
  const chips = page.locator('.category-chip');
  await expect
    .poll(async () => {
      const first = await chips.nth(0).boundingBox();
      const second = await chips.nth(1).boundingBox();
      return Boolean(first && second && first.x + first.width > width / 2 && second.x < first.x);
    })
    .toBe(true);

  // The restaurant's phone number keeps its order inside the Arabic top bar: an LTR isolate.
  const phone = page.locator('.top-bar__phone [dir="ltr"]');
  await expect(phone).toHaveText(/^\+49 /);
  expect(await phone.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');

  // A price inside a label is isolated from the Arabic around it.
  await page.goto(`/?category=${pizza.category.id}&product=${pizza.id}`);
  const sheet = page.locator('dialog[open]');
  const add = sheet.locator('.sheet__footer button').last();
  await expect(add).toContainText(/\d/);
  const label = (await add.textContent()) ?? '';
  expect(label).toMatch(new RegExp(`${FSI}[^${PDI}]*\\d[.,]\\d\\d[^${PDI}]*${PDI}`));
  await add.click();
  await expect(sheet).toHaveCount(0);

  // The cart panel sits at the inline end, which in Arabic is the left.
  await page.locator('.cart-button').click();
  const drawer = page.locator('dialog.drawer[open] .drawer__panel');
  await expect(drawer).toBeVisible();
  const box = (await drawer.boundingBox())!;
  expect(box.x).toBeLessThan(2);
  expect(box.x + box.width).toBeLessThan(width - 8);

  // "Checkout" points the way on: its arrow turns to point left; the close cross stays as it is.
  const arrow = drawer.locator('.icon--directional').first();
  await expect(arrow).toBeVisible();
  expect(await arrow.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  expect(await drawer.locator('.drawer__header svg').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  await page.keyboard.press('Escape');

  // The choice is kept: a reload comes back in Arabic, right to left.
  await page.reload();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');

  // Deutsch restores left to right: the first chip is back on the left.
  await page.locator('#language-header').selectOption('de');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'de');
  const chip = (await page.locator('.category-chip').first().boundingBox())!;
  expect(chip.x).toBeLessThan(width / 2);
});
