import { expect, test, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { acceptTerms, cartButton, chooseOrderType, chooseTime, fillGuest, goToCheckout, openHome, staffSignIn, waitForServiceWorker } from './helpers';

interface OrderWithAvoids {
  code: string;
  avoids: { allergens: string[]; additives: string[] } | null;
  items: { name: string; codes: string[] }[];
}

/** The pizza section, jumped to from the category bar (a section draws its dishes when near). */
async function pizzaSection(page: Page) {
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  return page.getByRole('region', { name: 'Pizza' });
}
const filterButton = (page: Page) => page.getByTestId('allergen-filter');

async function openSalad(page: Page) {
  await page.getByRole('link', { name: 'Suppen & Salate', exact: true }).click();
  await page.getByRole('region', { name: 'Suppen & Salate' }).getByRole('link', { name: /Salat des Hauses/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Salat des Hauses' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/**
 * A diner who avoids milk and sulphites sets the filter once, and it holds: across a reload, offline
 * on a reload of a page they had, in the sheet's choices, and at checkout, where it goes to the
 * kitchen with the order.
 */
test('the allergen filter hides or marks what the menu declares, opens a dish on a choice the diner can have, holds offline and reaches the kitchen', async ({
  page,
  context,
  request,
  browser,
}) => {
  await openHome(page);
  await waitForServiceWorker(page);
  await expect((await pizzaSection(page)).getByText('Pizza Margherita')).toBeVisible();

  await filterButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Was meiden Sie?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('note')).toContainText('Spuren');
  await dialog.getByRole('checkbox', { name: /Milch\/Laktose/ }).check();
  await dialog.getByRole('checkbox', { name: /Sulfite/ }).check();
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog).toBeHidden();
  // Focus comes back to the button that opened it, which now says how much the diner avoids.
  await expect(filterButton(page)).toBeFocused();
  await expect(filterButton(page)).toHaveText('Ich meide: 2');

  // Every pizza declares milk: gone, and the section says so.
  await expect((await pizzaSection(page)).getByText('Pizza Margherita')).toHaveCount(0);
  await expect((await pizzaSection(page)).getByText(/Gerichte sind durch Ihren Allergenfilter ausgeblendet/)).toBeVisible();

  // The house salad stays: its leaves declare nothing, and one dressing declares neither.
  let sheet = await openSalad(page);
  const dressing = sheet.getByLabel(/Dressing/);
  await expect(dressing.locator('option:checked')).toHaveText('Honig-Senf');
  await expect(dressing.locator('option', { hasText: 'Balsamico-Vinaigrette' })).toBeDisabled();
  await expect(dressing.locator('option', { hasText: 'Balsamico-Vinaigrette' })).toContainText('enthält Sulfite');
  await expect(dressing.locator('option', { hasText: 'Joghurt-Kräuter' })).toContainText('enthält Milch/Laktose');
  await expect(sheet.getByRole('note')).toContainText('Personal');
  await sheet.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(sheet).toBeHidden();
  await expect(cartButton(page)).toContainText('1');

  // Kept on the device: after a reload, as set.
  await page.reload();
  await expect(filterButton(page)).toHaveText('Ich meide: 2');
  await expect((await pizzaSection(page)).getByText('Pizza Margherita')).toHaveCount(0);

  // Shown, marked, as the diner may prefer.
  await filterButton(page).click();
  await page.getByRole('radio', { name: 'Anzeigen, deutlich markiert' }).check();
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  const margherita = (await pizzaSection(page)).getByRole('listitem').filter({ hasText: 'Pizza Margherita' });
  await expect(margherita).toContainText('Enthält, was Sie meiden: Milch/Laktose');

  // Offline, reloaded: the filter, the marks and the reasons in the sheet all still there.
  await expect(page.locator('html')).toHaveAttribute('data-offline-menu', /saved|current/, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(filterButton(page)).toHaveText('Ich meide: 2');
    await expect((await pizzaSection(page)).getByRole('listitem').filter({ hasText: 'Pizza Margherita' })).toContainText('Enthält, was Sie meiden: Milch/Laktose');
    sheet = await openSalad(page);
    await expect(sheet.getByLabel(/Dressing/).locator('option', { hasText: 'Balsamico-Vinaigrette' })).toContainText('enthält Sulfite');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  } finally {
    await context.setOffline(false);
  }

  // At checkout the diner sees exactly what the kitchen will be told, and the order carries it.
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page);
  await expect(page.getByRole('checkbox', { name: 'Der Küche mitteilen, dass ich meide: Milch/Laktose, Sulfite' })).toBeChecked();
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  const res = await request.get(`/api/operator/orders/${code}`, { headers: { authorization: `Bearer ${E2E_OPERATOR_KEY}` } });
  expect(res.status()).toBe(200);
  const order = ((await res.json()) as { data: OrderWithAvoids }).data;
  expect(order.avoids).toEqual({ allergens: ['G', 'O'], additives: [] });
  // The salad as made: the honey-mustard dressing declares mustard.
  expect(order.items[0]).toMatchObject({ name: 'Salat des Hauses', codes: ['M'] });

  // On the staff board, above the dishes, by code and name.
  const staff = await staffSignIn(browser);
  try {
    const card = staff.locator('article').filter({ hasText: `#${code}` });
    const avoids = card.getByTestId('board-avoids');
    await expect(avoids).toContainText('Gast meidet:');
    await expect(avoids).toContainText('G Milch/Laktose');
    await expect(avoids).toContainText('O Sulfite');
  } finally {
    await staff.context().close();
  }

  // Cleared again, the menu is whole.
  await page.goto('/');
  await filterButton(page).click();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(filterButton(page)).toHaveText('Allergene');
  await expect((await pizzaSection(page)).getByText('Pizza Margherita')).toBeVisible();
});
