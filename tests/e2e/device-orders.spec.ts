import { expect, test } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { acceptTerms, addPizza, chooseOrderType, chooseTime, fillGuest, goToCheckout, openHome } from './helpers';

const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };

test('"my orders on this device" follows the restaurant: each new status shows in the list, also after a reload', async ({ page, request }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page, true);
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');

  const row = page.getByRole('link', { name: new RegExp(`#${code}`) });
  const move = async (status: string) => {
    const res = await request.patch(`/api/operator/orders/${code}`, { headers: operator, data: { status } });
    expect(res.status()).toBe(200);
  };

  // The restaurant confirms while the diner watches; the list shows it, without a reload.
  await move('approved');
  await expect(page.locator('.status-badge')).toHaveText('Bestätigt', { timeout: 15_000 });
  await page.locator('.breadcrumb').getByRole('link', { name: 'Meine Bestellungen' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(row.locator('.status-badge')).toHaveText('Bestätigt');

  // Back on the order page the restaurant finishes it: the second change is kept as well.
  await row.click();
  await expect(page.locator('.status-badge')).toHaveText('Bestätigt');
  await move('completed');
  await expect(page.locator('.status-badge')).toHaveText('Abgeschlossen', { timeout: 15_000 });
  await page.locator('.breadcrumb').getByRole('link', { name: 'Meine Bestellungen' }).click();
  await expect(row.locator('.status-badge')).toHaveText('Abgeschlossen');
  await page.reload();
  await expect(row.locator('.status-badge')).toHaveText('Abgeschlossen');
});
