import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { openHome, waitForServiceWorker } from './helpers';

const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };

async function override(request: APIRequestContext, lang: string, key: string, value: string): Promise<void> {
  const res = await request.put(`/api/operator/translations/${lang}`, { headers: operator, data: { key, value } });
  expect(res.status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  await override(request, 'de', 'Our menu', '');
});

test("the operator's wording replaces the built-in texts without a new build, stays offline, and goes when taken back", async ({ page, request }) => {
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Speisekarte');
  await waitForServiceWorker(page);

  await override(request, 'de', 'Our menu', 'Unsere Karte für heute');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Karte für heute');
  // English has no override: the built-in wording.
  await page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our menu');
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Karte für heute');

  // Offline, the last wording holds.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Karte für heute');
  await page.context().setOffline(false);

  await override(request, 'de', 'Our menu', '');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Speisekarte');
});
