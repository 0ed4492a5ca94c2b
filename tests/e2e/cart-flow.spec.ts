import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium-flags';
import { defaultProductChoice, productUnitPrice } from '../../src/shared/pricing';
import {
  acceptTerms,
  addPizza,
  cartButton,
  catalogProduct,
  chooseOrderType,
  choosePayment,
  chooseTime,
  euro,
  fillGuest,
  goToCheckout,
  openHome,
} from './helpers';

test('browse, customise a pizza, add it, change the quantity, and find the cart intact after a reload', async ({ page, request }) => {
  const pizza = await catalogProduct(request, 'Pizza', 'Pizza Margherita');
  const family = pizza.sizes.find((s) => s.name === 'Familie 40 cm');
  const cheese = pizza.extras.find((e) => e.name === 'Extra Käse');
  if (!family || !cheese) throw new Error('seed changed: Familie 40 cm / Extra Käse missing');
  const base = defaultProductChoice(pizza);
  const unit = productUnitPrice(pizza, { ...base, sizeId: family.id, extraIds: [cheese.id] });

  await openHome(page);
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeVisible();
  await page.getByRole('link', { name: /Pizza Margherita/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(dialog).toBeVisible();
  const price = dialog.getByTestId('running-price');
  await expect(price).toHaveText(euro(productUnitPrice(pizza, base)));
  await dialog.getByRole('radio', { name: /Familie 40 cm/ }).check();
  await expect(price).toHaveText(euro(productUnitPrice(pizza, { ...base, sizeId: family.id })));

  // Extras are searchable case-insensitively; prices follow the chosen size.
  await dialog.getByRole('searchbox').fill('KÄSE');
  await expect(dialog.getByText('Büffelmozzarella')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: /Extra Käse/ }).check();
  await expect(price).toHaveText(euro(unit));

  await dialog.getByText('Allergene und Zusatzstoffe').click();
  await expect(dialog.getByText('Glutenhaltiges Getreide', { exact: false }).first()).toBeVisible();

  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(dialog).toBeHidden();
  const notice = page.locator('.added-notice');
  await expect(notice).toContainText('Warenkorb');
  await expect(notice.getByRole('button', { name: 'Warenkorb' })).toBeVisible();
  // The notice goes away by itself after two seconds.
  await expect(notice.getByRole('button', { name: 'Warenkorb' })).toBeHidden({ timeout: 4000 });

  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: /Warenkorb/ });
  await expect(cart.getByText('Pizza Margherita')).toBeVisible();
  await expect(cart.getByText(/Familie 40 cm/)).toBeVisible();
  await cart.getByRole('button', { name: /Anzahl erhöhen/ }).click();
  await expect(cart.getByTestId('cart-total')).toHaveText(euro(unit * 2));
  await page.keyboard.press('Escape');
  await expect(cartButton(page)).toContainText('2');

  await page.reload();
  await expect(cartButton(page)).toContainText('2');
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: /Warenkorb/ }).getByTestId('cart-total')).toHaveText(euro(unit * 2));
});

test('the cart survives closing and reopening the browser', async ({ baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'storefront-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL,
      locale: 'de-DE',
    });
  let context = await launch();
  let page = context.pages()[0] ?? (await context.newPage());
  await openHome(page, '/?category=1');
  await page.locator('#menu-section-1 .product-card__link').first().click();
  await page.getByRole('dialog').getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(cartButton(page)).toContainText('1');
  // Give IndexedDB its write before the browser goes away.
  await page.waitForTimeout(300);
  await context.close();

  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(cartButton(page)).toContainText('1');
  await context.close();
});

test('a stored cart this build cannot read is dropped with a notice and the app still starts', async ({ page }) => {
  await openHome(page);
  // The device's database exists once something was stored (a first visit opens none): a cart is.
  await addDrink(page, 'Apfelschorle');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('storefront');
            open.onsuccess = () => {
              const db = open.result;
              // Closed at once: an open connection would block the app's own upgrade of the database.
              const done = (found: boolean) => (db.close(), resolve(found));
              if (!db.objectStoreNames.contains('cart')) return done(false);
              const get = db.transaction('cart').objectStore('cart').get('current');
              get.onsuccess = () => done(get.result !== undefined);
              get.onerror = () => done(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('storefront');
        open.onsuccess = () => {
          const tx = open.result.transaction('cart', 'readwrite');
          tx.objectStore('cart').put({ id: 'current', schema: 0, savedAt: Date.now(), lines: [{ garbage: true }] });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /Warenkorb/ }).first()).toBeVisible();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await expect(cartButton(page)).not.toContainText(/\d/);
});

/** Adds a drink in its default size, from a category the diner opens by its tile. */
async function addDrink(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Getränke', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(dialog).toBeHidden();
}

async function cartLineNames(page: Page): Promise<string[]> {
  await cartButton(page).click();
  const panel = page.getByRole('dialog', { name: /Warenkorb/ });
  await expect(panel).toBeVisible();
  const names = await panel.locator('.cart-line__name').allTextContents();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

for (const how of ['pay on pickup', 'card'] as const) {
  test(`after an order (${how}) a reload shows only what was added afterwards, never the ordered lines`, async ({ page }) => {
    await openHome(page);
    await addPizza(page);
    await addDrink(page, 'Apfelschorle');
    await goToCheckout(page);
    await chooseOrderType(page, 'Abholung');
    await fillGuest(page);
    await chooseTime(page, true);
    await acceptTerms(page);
    if (how === 'card') {
      await choosePayment(page, 'Karte (Testzahlung)');
      await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Karte \(Testzahlung\)/ }).click();
      await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    } else {
      await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ }).click();
    }
    await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+/);
    await expect(page.locator('.status-badge')).toBeVisible();
    await expect(cartButton(page)).not.toContainText(/\d/);

    // The order is placed: a reload must not bring its lines back.
    await page.reload();
    await expect(page.locator('.status-badge')).toBeVisible();
    await expect(cartButton(page)).not.toContainText(/\d/);

    // Something added after the order is kept across a reload, alone.
    await openHome(page);
    await addDrink(page, 'Tonic Water');
    await expect(cartButton(page)).toContainText('1');
    await page.reload();
    await expect(cartButton(page)).toContainText('1');
    expect(await cartLineNames(page)).toEqual(['Tonic Water']);
  });
}
