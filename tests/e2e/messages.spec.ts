import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptTerms, addPizza, catalogMenus, euro, fillGuest, fridayEvening, goToCheckout, openHome } from './helpers';

const PIZZA = 890;

test('below the minimum order the checkout says how much is missing, not "fill in the marked fields"', async ({ page }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await page.getByLabel('Bestellart').selectOption('delivery');
  await fillGuest(page);
  const eppendorf = await page.getByLabel('Liefergebiet').locator('option', { hasText: 'Eppendorf' }).getAttribute('value');
  await page.getByLabel('Liefergebiet').selectOption(eppendorf ?? '');
  await page.getByLabel('Straße und Hausnummer').fill('Eppendorfer Landstraße 12');
  await page.getByRole('radio', { name: 'Ich wähle die Lieferzeit' }).check();
  await page.getByLabel('Lieferzeit', { exact: true }).fill(fridayEvening());
  await acceptTerms(page);

  const hint = page.locator('#checkout-invalid-hint');
  await expect(hint).toHaveText(`Fügen Sie noch ${euro(1500 - PIZZA)} hinzu, um den Mindestbestellwert von ${euro(1500)} für Eppendorf zu erreichen.`);
  await expect(page.getByText('Bitte füllen Sie die markierten Felder aus')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Bestellen und bei Lieferung bezahlen/ })).toHaveAttribute('aria-describedby', 'checkout-invalid-hint');

  // Something really missing as well: then the marked fields are the news.
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).uncheck();
  await expect(hint).toContainText('Bitte füllen Sie die markierten Felder aus');
});

test('the combo menu dialog shows no errors before the diner does anything; trying to add shows what is missing', async ({ page, request }) => {
  const menu = (await catalogMenus(request)).find((m) => m.name === 'Burger-Menü');
  if (!menu) throw new Error('seed changed: Burger-Menü missing');
  await openHome(page);
  await page.getByRole('link', { name: /Burger-Menü/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Burger-Menü' });
  await expect(dialog.getByRole('combobox').first()).toBeVisible();
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(dialog.locator('.field-error')).toHaveCount(0);

  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('select[aria-invalid="true"]')).toHaveCount(menu.items.length);
  await expect(dialog.getByText('Bitte treffen Sie hier eine Auswahl.')).toHaveCount(menu.items.length);
  const [first] = menu.items;
  if (!first?.products[0]) throw new Error('empty slot');
  const firstSelect = dialog.getByRole('combobox', { name: new RegExp(first.name) });
  await expect(firstSelect).toBeFocused();
  await firstSelect.selectOption(String(first.products[0].id));
  await expect(firstSelect).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('select[aria-invalid="true"]')).toHaveCount(menu.items.length - 1);
});

/** A customer made through the API, as the registration form would. */
async function registerCustomer(request: APIRequestContext, email: string, password: string): Promise<void> {
  await request.get('/api/health');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/register', {
    headers: { 'x-xsrf-token': xsrf },
    data: { name: 'Lena Lorenz', email, phone: '+49 40 5556667', password, password_confirmation: password, terms: true },
  });
  expect(res.status()).toBeLessThan(300);
}

test('after a successful sign-in the error of the failed attempt before it is gone', async ({ page, request }) => {
  const email = `lena.${Date.now().toString(36)}@example.com`;
  const password = 'rote-gruetze-42';
  await registerCustomer(request, email, password);
  // The announcement popup has its own journeys (popup.spec.ts).
  await page.addInitScript(() => sessionStorage.setItem('popup-seen', JSON.stringify(Array.from({ length: 50 }, (_, i) => i + 1))));

  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('falsch-falsch-1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const failed = page.locator('.toast--error');
  await expect(failed).toBeVisible();

  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // Well before the toast's own four seconds are up: the new attempt took it away.
  await expect(failed).toHaveCount(0, { timeout: 1500 });
  await expect(page).not.toHaveURL(/\/login/);
  expect(await failed.count()).toBe(0);
});
