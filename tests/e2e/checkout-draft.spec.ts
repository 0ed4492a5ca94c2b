import { expect, test, type Page } from '@playwright/test';
import {
  acceptTerms,
  addPizza,
  chooseOrderType,
  choosePayment,
  chooseTime,
  fillGuest,
  fridayEvening,
  goToCheckout,
  openHome,
  payBarButton,
  writeNotes,
} from './helpers';

/** A time two days ahead at three in the morning: the restaurant is closed then, whatever the day. */
function nightTime(): string {
  return `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T03:00`;
}

const draftInStorage = (page: Page) => page.evaluate(() => sessionStorage.getItem('checkout-draft'));

async function fillDelivery(page: Page): Promise<string> {
  await chooseOrderType(page, 'Lieferung');
  await fillGuest(page);
  const eppendorf = (await page.getByLabel('Liefergebiet').locator('option', { hasText: 'Eppendorf' }).getAttribute('value')) ?? '';
  await page.getByLabel('Liefergebiet').selectOption(eppendorf);
  await page.getByLabel('Straße und Hausnummer').fill('Eppendorfer Landstraße 12');
  await page.getByLabel(/Etage, Klingel/).fill('3. Stock, bei Schmidt');
  await chooseTime(page, true);
  await writeNotes(page, 'Bitte klingeln');
  await page.getByRole('button', { name: /^10 %/ }).click();
  await choosePayment(page, 'Karte (Testzahlung)');
  await page.getByRole('checkbox', { name: 'Rechnung ausstellen' }).check();
  return eppendorf;
}

/** Everything the diner entered is there again; only the terms are asked anew. */
async function expectDeliveryKept(page: Page, eppendorf: string): Promise<void> {
  await expect(page.getByRole('radio', { name: 'Lieferung', exact: true })).toBeChecked();
  await expect(page.getByLabel('Vollständiger Name')).toHaveValue('Anna Schmidt');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('anna@example.com');
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 40 1234567');
  await expect(page.getByLabel('Liefergebiet')).toHaveValue(eppendorf);
  await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('Eppendorfer Landstraße 12');
  await expect(page.getByLabel(/Etage, Klingel/)).toHaveValue('3. Stock, bei Schmidt');
  await expect(page.getByRole('radio', { name: 'Ich wähle die Lieferzeit' })).toBeChecked();
  await expect(page.getByLabel('Lieferzeit', { exact: true })).toHaveValue(fridayEvening());
  await expect(page.getByLabel(/Anmerkungen/)).toHaveValue('Bitte klingeln');
  await expect(page.getByRole('button', { name: /^10 %/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('radio', { name: 'Karte (Testzahlung)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Rechnung ausstellen' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Ich akzeptiere/ })).not.toBeChecked();
}

async function expectEmptyForm(page: Page): Promise<void> {
  await expect(page.getByRole('radiogroup', { name: 'Bestellart' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByLabel('Vollständiger Name')).toHaveValue('');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('');
  await expect(page.getByLabel('Telefon')).toHaveValue('');
  // An empty note stays folded away.
  await expect(page.getByRole('button', { name: 'Anmerkung für die Küche' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Zahlung an der Theke' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Kein Trinkgeld' })).toHaveAttribute('aria-pressed', 'true');
}

test('a declined card brings the diner back to a filled checkout; once paid, the next checkout starts empty', async ({ page }) => {
  await openHome(page);
  await addPizza(page);
  await addPizza(page);
  await goToCheckout(page);
  const eppendorf = await fillDelivery(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Karte \(Testzahlung\)/ }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: 'Ablehnen (Karte abgelehnt)' }).click();

  // Back from the provider: the checkout again, with the diner's entries.
  await expect(page.getByText('Es gibt ein Problem mit Ihrer Zahlung. Bitte versuchen Sie es erneut')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expectDeliveryKept(page, eppendorf);

  // A reload keeps them too.
  await page.reload();
  await expectDeliveryKept(page, eppendorf);

  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Karte \(Testzahlung\)/ }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();

  // The payment is in; the restaurant has yet to confirm, and toast and badge say the same.
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+/);
  const toast = page.locator('.toast', { hasText: 'Zahlung erhalten' });
  await expect(toast).toContainText('Das Restaurant bestätigt Ihre Bestellung in Kürze.');
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');
  await expect(page.getByText('Ihre Bestellung wurde bestätigt')).toHaveCount(0);
  expect(await draftInStorage(page)).toBeNull();

  // The next order starts from an empty form, after a reload as well.
  await addPizza(page);
  await goToCheckout(page);
  await expectEmptyForm(page);
  await page.reload();
  await expectEmptyForm(page);
});

test('an order refused for a time when the restaurant is closed keeps the entries; the placed order clears them', async ({ page }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page, true, nightTime());
  await writeNotes(page, 'Ohne Zwiebeln');
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ }).click();

  // The server refuses (422): the form comes back with what the diner typed and says why.
  await expect(page.getByText('Ihre Bestellung konnte nicht aufgegeben werden')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const time = page.getByLabel('Lieferzeit', { exact: true });
  await expect(time).toHaveValue(nightTime());
  await expect(page.locator('#checkout-deliverDate-error')).toHaveText(/Zu dieser Zeit haben wir geschlossen/);
  await expect(payBarButton(page)).toContainText('Zeit prüfen');
  await expect(page.getByRole('radio', { name: 'Abholung', exact: true })).toBeChecked();
  await expect(page.getByLabel('Vollständiger Name')).toHaveValue('Anna Schmidt');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('anna@example.com');
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 40 1234567');
  await expect(page.getByLabel(/Anmerkungen/)).toHaveValue('Ohne Zwiebeln');

  // The diner only changes the time.
  await time.fill(fridayEvening());
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  expect(await draftInStorage(page)).toBeNull();

  await addPizza(page);
  await goToCheckout(page);
  await expectEmptyForm(page);
});

test('another person on the same tab never sees the draft', async ({ page }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await expect.poll(() => draftInStorage(page)).toContain('Anna Schmidt');

  // The same tab starts a table session: the table's checkout has none of the guest's details.
  await openHome(page, '/?table=T06-MEWK-CMN2-PTZE');
  await expect(page.locator('.table-banner')).toBeVisible();
  await goToCheckout(page, false);
  await expect(page.getByRole('heading', { name: 'Bestellpräferenzen' })).toBeVisible();
  expect(await draftInStorage(page)).toBeNull();
});
