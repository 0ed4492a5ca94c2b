import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptTerms, addPizza, catalogMenus, chooseOrderType, chooseTime, euro, fillGuest, goToCheckout, openHome, payBarButton } from './helpers';

const PIZZA = 890;

test('below the minimum order the pay button says how much is missing and leads to the area; a field missing earlier comes first', async ({ page }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Lieferung');
  await fillGuest(page);
  const eppendorf = await page.getByLabel('Liefergebiet').locator('option', { hasText: 'Eppendorf' }).getAttribute('value');
  await page.getByLabel('Liefergebiet').selectOption(eppendorf ?? '');
  await page.getByLabel('Straße und Hausnummer').fill('Eppendorfer Landstraße 12');
  await chooseTime(page, true);
  await acceptTerms(page);

  const bar = payBarButton(page);
  await expect(bar).toContainText(`Mindestbestellwert nicht erreicht: noch ${euro(1500 - PIZZA)}`);
  await expect(page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung bei Lieferung/ })).toHaveCount(0);
  await bar.click();
  await expect(page.getByLabel('Liefergebiet')).toBeFocused();
  await expect(page.locator('#checkout-areaId-error')).toHaveText(
    `Fügen Sie noch ${euro(1500 - PIZZA)} hinzu, um den Mindestbestellwert von ${euro(1500)} für Eppendorf zu erreichen.`,
  );

  // A phone number missing comes before the area in the form, so the button names it first.
  await page.getByLabel('Telefon').fill('');
  await expect(bar).toContainText('Telefonnummer fehlt');
  await bar.click();
  await expect(page.getByLabel('Telefon')).toBeFocused();
});

test('the combo menu dialog shows no errors before the diner does anything; trying to add shows what is missing', async ({ page, request }) => {
  const menu = (await catalogMenus(request)).find((m) => m.name === 'Burger-Menü');
  if (!menu) throw new Error('seed changed: Burger-Menü missing');
  await openHome(page);
  await page.getByRole('link', { name: /Burger-Menü/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Burger-Menü' });
  await expect(dialog.getByRole('radiogroup').first()).toBeVisible();
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(dialog.locator('.field-error')).toHaveCount(0);

  // The button is only aria-disabled while a slot is empty: a tap still reaches it and explains.
  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click({ force: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[role="radiogroup"][aria-invalid="true"]')).toHaveCount(menu.items.length);
  await expect(dialog.getByText('Bitte treffen Sie hier eine Auswahl.')).toHaveCount(menu.items.length);
  const [first] = menu.items;
  if (!first?.products[0]) throw new Error('empty slot');
  const firstSlot = dialog.getByRole('radiogroup', { name: new RegExp(first.name) });
  const firstCard = firstSlot.getByRole('radio', { name: first.products[0].name, exact: true });
  await expect(firstCard).toBeFocused();
  await firstCard.check();
  await expect(firstSlot).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('[role="radiogroup"][aria-invalid="true"]')).toHaveCount(menu.items.length - 1);
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
