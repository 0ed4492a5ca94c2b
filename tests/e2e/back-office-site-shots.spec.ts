/**
 * Screenshots of the hours, pages, tables and history screens in German at 390 and 1280 px, for
 * a person to look at (test-results/site-shots). Skipped unless SITE_SHOTS=1.
 */
import { expect, test } from '@playwright/test';
import { E2E_OWNER } from '../../playwright.config';

test.skip(!process.env.SITE_SHOTS, 'screenshots on demand: SITE_SHOTS=1');

for (const width of [390, 1280]) {
  test(`back-office screens at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
    const staff = await context.newPage();
    await staff.goto('/staff/hours');
    await staff.getByLabel(/E-Mail/).fill(E2E_OWNER.email);
    await staff.getByLabel(/Passwort/).fill(E2E_OWNER.password);
    await staff.getByRole('button', { name: /Anmelden/ }).click();
    await expect(staff.getByRole('heading', { name: 'Öffnungszeiten', level: 1 })).toBeVisible();
    await staff.screenshot({ path: `test-results/site-shots/hours-${width}.png`, fullPage: true });
    for (const [path, name] of [['/staff/pages', 'pages'], ['/staff/tables', 'tables'], ['/staff/log', 'log']] as const) {
      await staff.goto(path);
      await staff.waitForTimeout(800);
      await staff.screenshot({ path: `test-results/site-shots/${name}-${width}.png`, fullPage: true });
    }
    await staff.goto('/staff/pages');
    await staff.getByRole('button', { name: /^Bearbeiten/ }).first().click();
    await staff.waitForTimeout(500);
    await staff.screenshot({ path: `test-results/site-shots/page-editor-${width}.png`, fullPage: true });
    await context.close();
  });
}
