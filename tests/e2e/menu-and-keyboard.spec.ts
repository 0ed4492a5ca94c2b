import { expect, test } from '@playwright/test';
import { menuUnitPrice } from '../../src/shared/pricing';
import { catalogMenus, cartButton, euro, openHome } from './helpers';

test('combo menu: every slot needs a product, the discounted price runs, the line lands in the cart', async ({ page, request }) => {
  const menu = (await catalogMenus(request)).find((m) => m.name === 'Burger-Menü');
  if (!menu) throw new Error('seed changed: Burger-Menü missing');
  await openHome(page);
  await page.getByRole('link', { name: /Burger-Menü/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Burger-Menü' });
  const add = dialog.getByRole('button', { name: /In den Warenkorb/ });
  // Nothing chosen yet, and nothing marked wrong before the diner has done anything.
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(dialog.getByTestId('running-price')).toHaveText(euro(menuUnitPrice(menu, [])));

  const items = [];
  for (const slot of menu.items) {
    const product = slot.products[0];
    if (!product) throw new Error('empty slot');
    await dialog.getByRole('radiogroup', { name: new RegExp(slot.name) }).getByRole('radio', { name: product.name, exact: true }).check();
    // Required selects inside the chosen product are preselected with their first option.
    const options: Record<number, number[]> = {};
    for (const v of product.variants) if (v.required && v.type === 'select' && v.options[0]) options[v.id] = [v.options[0].id];
    items.push({ slotId: slot.id, productId: product.id, options, extraIds: [] });
  }
  await expect(add).toBeEnabled();
  await expect(dialog.getByTestId('running-price')).toHaveText(euro(menuUnitPrice(menu, items)));
  await add.click();
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: /Warenkorb/ }).getByText('Burger-Menü')).toBeVisible();
});

test('keyboard only: open a product, customise it and add it; focus returns to where it was', async ({ page }) => {
  await openHome(page, '/?category=5');
  const firstCard = page.locator('#menu-section-5 .product-card__link').first();
  await firstCard.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /In den Warenkorb/ }) });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(firstCard).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Tab through the form to the quantity and raise it with the keyboard, then add.
  const add = dialog.getByRole('button', { name: /In den Warenkorb/ });
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('type') === 'number')) break;
  }
  await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    if (await add.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(cartButton(page)).toContainText('2');
});
