import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ComboMenuAdmin, ComboMenuInput, ComboProductOption } from '../../src/shared/contract/combo-admin';
import { acceptTerms, cartButton, chooseOrderType, chooseTime, fillGuest, goToCheckout, openHome } from './helpers';
import { ownerApi } from './staff-api';

/** A combo menu of our own (one course: the tomato soup) at `price`, so the seeded restaurant stays as it is. */
async function soupMenu(request: APIRequestContext, price: number) {
  const api = await ownerApi(request);
  const name = `Suppenteller ${Date.now().toString(36)}`;
  const soup = (await api<ComboProductOption[]>('GET', '/combo-menus/products')).find((p) => p.name === 'Tomatencremesuppe');
  const size = soup?.sizes[0];
  if (!soup || !size) throw new Error('seed changed: Tomatencremesuppe');
  const document = (euros: number, slotId: number | null): ComboMenuInput => ({
    name: { de: name, en: name },
    description: { de: 'Eine Suppe.' },
    price: euros,
    discount: 0,
    active: true,
    slots: [{ id: slotId, name: { de: 'Suppe', en: 'Soup' }, candidates: [{ productId: soup.id, sizeId: size.id }] }],
  });
  const menu = await api<ComboMenuAdmin>('POST', '/combo-menus', document(price, null));
  return {
    name,
    reprice: (euros: number) => api('PUT', `/combo-menus/${menu.id}`, document(euros, menu.slots[0]?.id ?? null)),
    remove: () => api<{ outcome: string }>('DELETE', `/combo-menus/${menu.id}`),
  };
}

/** The diner puts the menu in the cart and fills the checkout up to the order button. */
async function readyToOrder(page: Page, name: string): Promise<void> {
  await openHome(page);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  const sheet = page.getByRole('dialog', { name });
  await sheet.getByRole('radiogroup', { name: /Suppe/ }).getByText('Tomatencremesuppe', { exact: true }).click();
  await sheet.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(sheet).toBeHidden();
  await expect(cartButton(page)).toBeVisible();
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page);
  await acceptTerms(page);
}

test.describe('offline', () => {
  // The outbox, not the worker, is under test: a blocked worker lets the browser's offline switch cut every call.
  test.use({ serviceWorkers: 'block' });

  test('an order queued offline whose price changed meanwhile is not sent at another price: it comes back with the new total', async ({ page, context, request }) => {
    const menu = await soupMenu(request, 10);
    let deleted = false;
    try {
      await readyToOrder(page, menu.name);
      await context.setOffline(true);
      await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
      await expect(page.getByRole('heading', { name: 'Ihre Bestellung wartet auf eine Verbindung' })).toBeVisible();
      await menu.reprice(12);
      await context.setOffline(false);

      const notice = page.getByTestId('price-changed');
      await expect(notice).toContainText(/Neuer Gesamtbetrag: 12,00\s€/, { timeout: 30_000 });
      await expect(page).toHaveURL(/\/checkout/);
      await expect(page.getByRole('button', { name: /Zahlungspflichtig bestellen/ })).toContainText(/12,00\s€/);
      // Nothing reached the kitchen: the menu was never ordered, so it can still be deleted outright.
      expect((await menu.remove()).outcome).toBe('deleted');
      deleted = true;
    } finally {
      if (!deleted) await menu.remove();
    }
  });
});

test('a price changes while the diner is at the checkout: the order button tells the new total, keeps cart and form, and the next press orders at it', async ({ page, request }) => {
  const api = await ownerApi(request);
  const name = `Suppenteller ${Date.now().toString(36)}`;
  const soup = (await api<ComboProductOption[]>('GET', '/combo-menus/products')).find((p) => p.name === 'Tomatencremesuppe');
  if (!soup?.sizes[0]) throw new Error('seed changed: Tomatencremesuppe');
  const document = (price: number, slotId: number | null): ComboMenuInput => ({
    name: { de: name, en: name },
    description: { de: 'Eine Suppe.' },
    price,
    discount: 0,
    active: true,
    slots: [{ id: slotId, name: { de: 'Suppe', en: 'Soup' }, candidates: [{ productId: soup.id, sizeId: soup.sizes[0]!.id }] }],
  });
  // A menu of our own, so the seeded restaurant the other spec files see stays as it is.
  const menu = await api<ComboMenuAdmin>('POST', '/combo-menus', document(10, null));
  try {
    await openHome(page);
    await page.getByRole('link', { name: new RegExp(name) }).click();
    const sheet = page.getByRole('dialog', { name });
    await sheet.getByRole('radiogroup', { name: /Suppe/ }).getByText('Tomatencremesuppe', { exact: true }).click();
    await sheet.getByRole('button', { name: /In den Warenkorb/ }).click();
    await expect(sheet).toBeHidden();
    await expect(cartButton(page)).toBeVisible();
    await goToCheckout(page);
    await chooseOrderType(page, 'Abholung');
    await fillGuest(page);
    await chooseTime(page);
    await acceptTerms(page);
    const order = page.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
    await expect(order).toContainText(/10,00\s€/);

    // The restaurant raises the price while the diner is still on the page.
    await api('PUT', `/combo-menus/${menu.id}`, document(11.5, menu.slots[0]?.id ?? null));

    await order.click();
    const notice = page.getByTestId('price-changed');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('Die Preise haben sich geändert, seit Sie die Speisekarte geöffnet haben.');
    await expect(notice).toContainText(/Neuer Gesamtbetrag: 11,50\s€/);
    // Nothing was placed: still the checkout, cart and form as they were, the button at the new total.
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByText(name).first()).toBeAttached();
    await cartButton(page).click();
    await expect(page.getByRole('dialog', { name: /Warenkorb/ }).getByText(name)).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Warenkorb/ }).getByTestId('cart-total')).toHaveText(/11,50\s€/);
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Vollständiger Name')).toHaveValue('Anna Schmidt');
    await expect(order).toContainText(/11,50\s€/);

    await order.click();
    await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText(/11,50\s€/).first()).toBeVisible();
    await expect(page.getByText(/10,00\s€/)).toHaveCount(0);
  } finally {
    // Ordered, so it is archived: it leaves the storefront, the order keeps it.
    await api('DELETE', `/combo-menus/${menu.id}`);
  }
});
