import { expect, test } from '@playwright/test';
import { acceptTerms, addPizza, chooseOrderType, chooseTime, fillGuest, goToCheckout, openHome, openNow, staffSignIn } from './helpers';

test('staff pause online orders; open menus say so at once and until when; the checkout refuses orders for now; resuming lifts it', async ({ page, browser }) => {
  await openHome(page);
  await addPizza(page);
  const staff = await staffSignIn(browser, '/staff');
  await staff.getByText(/Pausieren oder verlangsamen/).click();
  await staff.getByRole('button', { name: '15 Min.' }).click();
  await expect(staff.getByText(/Pausiert: Alle Online-Bestellungen bis/)).toBeVisible();

  // The diner's open page hears of it without a reload.
  const banner = page.getByTestId('pause-banner');
  await expect(banner).toContainText('Online-Bestellung: pausiert bis');
  await expect(banner).toContainText('vorbestellen');

  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  if (await openNow(page)) {
    // Open now: an order for now is refused, naming the pause; nothing is lost, the cart stays.
    await chooseTime(page);
    await acceptTerms(page);
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page.getByText(/gerade keine Online-Bestellungen an, bis/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);
  } else {
    // Closed now: a pre-order for after the pause goes through.
    await chooseTime(page, true);
    await acceptTerms(page);
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
    await page.goto('/');
  }

  await staff.getByRole('button', { name: 'Fortsetzen' }).click();
  await expect(staff.getByText('Online-Bestellungen werden angenommen')).toBeVisible();
  await expect(page.getByTestId('pause-banner')).toHaveCount(0);
  await staff.context().close();
});

test('staff mark a dish sold out; the open menu shows it within seconds, the dialog will not add it, and a cart holding it is told by name', async ({ page, browser }) => {
  await openHome(page);
  await addPizza(page);
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  const margherita = page.locator('.product-card, .product-row').filter({ hasText: 'Pizza Margherita' });
  await expect(margherita).not.toContainText('Ausverkauft');

  const staff = await staffSignIn(browser, '/staff/availability');
  await staff.getByLabel('Gericht suchen').fill('margherita');
  await staff.getByRole('button', { name: 'Heute ausverkauft: Pizza Margherita' }).click();
  await expect(staff.getByRole('button', { name: 'Wieder verfügbar: Pizza Margherita' })).toBeVisible();

  await expect(margherita).toContainText('Ausverkauft', { timeout: 5_000 });
  await margherita.getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(dialog.getByText('Gerade ausverkauft. Bitte wählen Sie ein anderes Gericht.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /In den Warenkorb/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  await goToCheckout(page);
  await expect(page.getByTestId('checkout-sold-out')).toContainText('Gerade ausverkauft: Pizza Margherita');

  await staff.getByRole('button', { name: 'Wieder verfügbar: Pizza Margherita' }).click();
  await expect(page.getByTestId('checkout-sold-out')).toHaveCount(0);
  await staff.context().close();
});
