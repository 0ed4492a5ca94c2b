import { expect, test } from '@playwright/test';
import { cartButton, openHome, placeTakeawayOrder, staffSignIn } from './helpers';

test('a guest orders again from the device’s order list: the cart is refilled with the same choices, a dish sold out since is named, and the cart survives a reload', async ({
  page,
  browser,
}) => {
  await openHome(page);
  await page.getByRole('region', { name: 'Vorspeisen' }).getByRole('button', { name: 'Bruschetta hinzufügen' }).click();
  await expect(cartButton(page)).toContainText('1');
  // The helper opens the menu afresh: the bruschetta stays in the cart, the pizza joins it.
  const code = await placeTakeawayOrder(page);
  await expect(cartButton(page)).not.toContainText(/\d/);

  const staff = await staffSignIn(browser, '/staff/availability');
  await staff.getByLabel('Gericht suchen').fill('bruschetta');
  await staff.getByRole('button', { name: 'Heute ausverkauft: Bruschetta' }).click();
  await expect(staff.getByRole('button', { name: 'Wieder verfügbar: Bruschetta' })).toBeVisible();
  try {
    // The next evening, as it were: the order list on this phone, after a reload.
    await page.goto('/orders');
    await page.reload();
    await page.getByRole('button', { name: `Nochmal bestellen, #${code}` }).click();
    const result = page.getByRole('listitem').filter({ hasText: `#${code}` }).getByRole('status');
    await expect(result).toContainText('1 Artikel zum Warenkorb hinzugefügt, zu heutigen Preisen.');
    await expect(result).toContainText('Bruschetta: heute ausverkauft');
    await expect(cartButton(page)).toContainText('1');
    // The result says what was added: no "product added" notice naming one of them as well, and the
    // way on to the checkout beside the result, not read out as part of it.
    await expect(page.getByTestId('added-notice-message')).toBeEmpty();
    await expect(result.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: `#${code}` }).locator('.reorder').getByRole('button')).toHaveCount(2);

    await page.reload();
    await expect(cartButton(page)).toContainText('1');
    // Again from the order's own page: the same pizza made the same way, so one line of two.
    await page.getByRole('link', { name: new RegExp(`#${code}`) }).click();
    await page.getByRole('button', { name: 'Nochmal bestellen', exact: true }).click();
    await expect(page.locator('.reorder__result')).toContainText('1 Artikel zum Warenkorb hinzugefügt');
    await cartButton(page).click();
    const panel = page.getByRole('dialog', { name: /Warenkorb/ });
    await expect(panel.getByText('Pizza Margherita')).toHaveCount(1);
    await expect(panel.getByText('Bruschetta')).toHaveCount(0);
    await expect(cartButton(page)).toContainText('2');
  } finally {
    await staff.getByRole('button', { name: 'Wieder verfügbar: Bruschetta' }).click();
    await expect(staff.getByRole('button', { name: 'Heute ausverkauft: Bruschetta' })).toBeVisible();
    await staff.context().close();
  }
});
