import { expect, test } from '@playwright/test';
import { acceptTerms, addPizza, chooseTime, goToCheckout, openHome, staffSignIn } from './helpers';
import { ownerApi } from './staff-api';

const CODE = 'T08-AW1D-19FT-K3XH';

/**
 * Two phones at one table (issue 17 part 1): one orders with a name, the other sees it on the
 * table's tab, calls the waiter and sees staff acknowledge it; the first leaves the card page, comes
 * back, pays, reloads and goes offline; staff close the table and the phones are told.
 */
test('two phones share a table: the tab, a call, a card left then paid, offline, closing', async ({ browser, page, request }) => {
  // A retry starts from a fresh tab: whatever an earlier attempt left at the table leaves with its closing.
  const owner = await ownerApi(request);
  for (const x of await owner<{ id: number; tab: { table: { code: string } } }[]>('GET', '/tables/live')) {
    if (x.tab.table.code === CODE) await owner('POST', `/tables/${x.id}/close`, { force: true });
  }
  await openHome(page, `/?table=${CODE}`);
  await addPizza(page);
  await goToCheckout(page, false);
  await page.getByLabel('Ihr Name (freiwillig)').fill('Anna');
  await chooseTime(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/orders\//);

  const ben = await (await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE', isMobile: true, hasTouch: true })).newPage();
  await openHome(ben, `/?table=${CODE}`);
  await ben.getByRole('link', { name: 'Rechnung & Bedienung' }).click();
  await expect(ben).toHaveURL(/\/table$/);
  const annas = ben.locator('.tab-order').filter({ hasText: 'Anna' });
  await expect(annas).toContainText('Pizza Margherita');

  const staff = await staffSignIn(browser);
  await expect(staff.getByTestId('staff-table').filter({ hasText: 'Tisch 8' })).toBeVisible();
  await ben.getByRole('button', { name: 'Bedienung rufen' }).click();
  await expect(ben.getByText('Gesendet. Unser Team weiß Bescheid.')).toBeVisible();
  // Pressed again while it waits: still one call.
  await expect(ben.getByRole('button', { name: 'Bedienung rufen' })).toBeDisabled();
  const call = staff.getByTestId('table-call').filter({ hasText: 'Tisch 8' });
  await expect(call).toHaveCount(1);
  await call.getByRole('button', { name: 'Ich komme' }).click();
  await expect(call).toHaveCount(0);
  await expect(ben.getByText('Gesehen. Jemand ist unterwegs zu Ihnen.')).toBeVisible();

  // Anna pays her own lines (ticked for her) by card: she goes back from the card page, returns to
  // the table with her lines free again, then pays.
  await page.getByRole('link', { name: 'Rechnung & Bedienung' }).click();
  await expect(page.locator('.tab-order').filter({ hasText: 'Anna' })).toContainText('Sie');
  const payMine = page.locator('.tab-pay').getByRole('button', { name: '8,90 € mit Karte bezahlen' });
  await payMine.click();
  await expect(page.getByRole('heading', { name: 'Stand-in Stripe Checkout' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText('8,90 €');
  await page.getByRole('button', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/table$/);
  await expect(page.getByText('Die Zahlung ist nicht durchgegangen', { exact: false })).toBeVisible();
  await expect(page.getByTestId('tab-open')).toHaveText('8,90 €');
  await expect(ben.getByTestId('tab-open')).toHaveText('8,90 €');
  await payMine.click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/table$/);
  await expect(page.getByText('Alles ist bezahlt. Vielen Dank!')).toBeVisible();
  await expect(ben.getByText('Alles ist bezahlt. Vielen Dank!')).toBeVisible();

  // A reload keeps it; offline, the tab stays readable and says so.
  await page.reload();
  await expect(page.getByTestId('tab-open')).toHaveText('0,00 €');
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(/Sie sind offline. Sie sehen/)).toBeVisible();
  await expect(page.locator('.tab-order').filter({ hasText: 'Anna' })).toContainText('Bezahlt');
  await page.context().setOffline(false);

  // Staff close the table: its phones' sessions end with the tab.
  await staff.getByTestId('staff-table').filter({ hasText: 'Tisch 8' }).getByRole('button', { name: 'Tisch schließen' }).click();
  await expect(ben.getByText(/Tisch 8 wurde geschlossen/)).toBeVisible();
  await expect(ben.locator('.table-banner')).toHaveCount(0);
  await staff.context().close();
});
