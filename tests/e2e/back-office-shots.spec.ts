/**
 * Full-page screenshots of every back-office screen, and of the product, combo and page editors
 * opened, at 360, 412 and 1280 px in German and English (test-results/back-office-shots), for a
 * person to look at as a restaurant owner would. Skipped unless BACK_OFFICE_SHOTS=1: it checks
 * nothing a person does not, and CI has nobody to look.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_OWNER } from '../../playwright.config';

test.skip(!process.env.BACK_OFFICE_SHOTS, 'screenshots on demand: BACK_OFFICE_SHOTS=1');

const DIR = 'test-results/back-office-shots';
const SCREENS = [
  ['menu', '/staff/menu'],
  ['combos', '/staff/combo-menus'],
  ['photos', '/staff/photos'],
  ['hours', '/staff/hours'],
  ['pages', '/staff/pages'],
  ['tables', '/staff/tables'],
  ['team', '/staff/team'],
  ['settings', '/staff/settings'],
  ['areas', '/staff/areas'],
  ['log', '/staff/log'],
] as const;

/** Waits until the screen's heading is there and its lazy code and data have settled. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
}

for (const lang of ['de', 'en'] as const) {
  for (const width of [360, 412, 1280]) {
    test(`back office in ${lang} at ${width} px`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: lang === 'de' ? 'de-DE' : 'en-GB', hasTouch: width < 1000 });
      await context.addInitScript((l) => localStorage.setItem('staff-lang', l), lang);
      const staff = await context.newPage();
      await staff.goto('/staff/menu');
      await staff.locator('input[name=email]').fill(E2E_OWNER.email);
      await staff.locator('input[name=password]').fill(E2E_OWNER.password);
      await staff.locator('button[type=submit]').click();
      await settle(staff);
      const suffix = `${lang}-${width}`;
      for (const [name, path] of SCREENS) {
        await staff.goto(path);
        await settle(staff);
        await shot(staff, `${name}-${suffix}`);
      }

      // The product editor on a seeded dish that has a price.
      await staff.goto('/staff/menu');
      await settle(staff);
      await staff.locator('.menu-tree__products .menu-tree__item').filter({ has: staff.locator('.menu-tree__price') }).first().click({ timeout: 10_000 });
      await staff.waitForTimeout(600);
      await shot(staff, `product-editor-${suffix}`);

      // The combo editor on the seeded combo menu.
      await staff.goto('/staff/combo-menus');
      await settle(staff);
      await staff.getByRole('button').filter({ hasText: /^(Edit|Bearbeiten)$/ }).first().click({ timeout: 10_000 });
      await staff.waitForTimeout(600);
      await shot(staff, `combo-editor-${suffix}`);

      // The page editor on the first page.
      await staff.goto('/staff/pages');
      await settle(staff);
      await staff.locator('.pages-item__actions button').first().click({ timeout: 10_000 });
      await staff.waitForTimeout(600);
      await shot(staff, `page-editor-${suffix}`);
      await context.close();
    });
  }
}
