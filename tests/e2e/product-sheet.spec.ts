import { expect, test, type Locator, type Page } from '@playwright/test';
import type { MenuSlotChoice } from '../../src/shared/contract/cart';
import type { Product } from '../../src/shared/contract/catalog';
import { defaultProductChoice, menuLinePrice, productLinePrice } from '../../src/shared/pricing';
import { cartButton, catalogMenus, catalogProduct, euro, openHome } from './helpers';

// The sheet on an ordinary phone; the layout checks below also look at 360 px.
test.use({ viewport: { width: 390, height: 844 } });

async function openPizza(page: Page): Promise<Locator> {
  await openHome(page);
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  await page.getByRole('link', { name: /Pizza Margherita/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** A slot choice as the sheet makes it when a card is tapped: required selects on their first option, no extras. */
function tapped(slotId: number, product: Product, extraIds: number[] = []): MenuSlotChoice {
  const options: Record<number, number[]> = {};
  for (const v of product.variants) if (v.required && v.type === 'select' && v.options[0]) options[v.id] = [v.options[0].id];
  return { slotId, productId: product.id, options, extraIds };
}

test('combo: a tapped card chooses each slot, the price runs, the menu lands in the cart at that price', async ({ page, request }) => {
  const menu = (await catalogMenus(request)).find((m) => m.name === 'Burger-Menü');
  const [burgerSlot, sideSlot, drinkSlot] = menu?.items ?? [];
  const cheeseburger = burgerSlot?.products.find((p) => p.name === 'Cheeseburger');
  const burgerExtras = cheeseburger?.variants.find((v) => v.type === 'checkbox');
  const bacon = burgerExtras?.options.find((o) => o.name === 'Bacon');
  const side = sideSlot?.products[1];
  const drink = drinkSlot?.products.find((p) => p.name === 'Apfelschorle');
  if (!menu || !burgerSlot || !sideSlot || !drinkSlot || !cheeseburger || !burgerExtras || !bacon || !side || !drink) {
    throw new Error('seed changed: Burger-Menü');
  }

  await openHome(page);
  await page.getByRole('link', { name: /Burger-Menü/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Burger-Menü' });
  const add = sheet.getByRole('button', { name: /In den Warenkorb/ });
  const price = sheet.getByTestId('running-price');
  // No select is left: every slot is a group of cards.
  await expect(sheet.getByRole('combobox', { name: /Burger|Beilage|Getränk/ })).toHaveCount(0);
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expect(add).toHaveAccessibleDescription('Bitte Burger wählen');

  const burgers = sheet.getByRole('radiogroup', { name: /Burger/ });
  await burgers.getByText('Cheeseburger', { exact: true }).tap();
  const chosen = burgers.getByRole('radio', { name: 'Cheeseburger', exact: true });
  await expect(chosen).toBeChecked();
  await expect(burgers.getByRole('radio', { checked: true })).toHaveCount(1);
  // Marked by more than colour: the chosen card's border is heavier than the others'.
  const border = (name: string) =>
    burgers.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).evaluate((el) => parseFloat(getComputedStyle(el).borderTopWidth));
  expect(await border('Cheeseburger')).toBeGreaterThan(await border('Halloumi-Burger'));
  await expect(add).toHaveAccessibleDescription('Bitte Beilage wählen');

  // The chosen dish's own options still come with it.
  await sheet.getByRole('checkbox', { name: /^Bacon/ }).check();
  await sheet.getByRole('radiogroup', { name: /Beilage/ }).getByText(side.name, { exact: true }).tap();
  await sheet.getByRole('radiogroup', { name: /Getränk/ }).getByText(drink.name, { exact: true }).tap();
  await sheet.getByRole('button', { name: 'Anzahl erhöhen' }).click();

  const burgerChoice = tapped(burgerSlot.id, cheeseburger);
  burgerChoice.options[burgerExtras.id] = [bacon.id];
  const items = [burgerChoice, tapped(sideSlot.id, side), tapped(drinkSlot.id, drink)];
  const total = menuLinePrice(menu, items, 2);
  await expect(add).not.toHaveAttribute('aria-disabled');
  await expect(price).toHaveText(euro(total));
  await expect(add).toHaveAccessibleName(`In den Warenkorb: 2 hinzufügen ${euro(total)}`);
  await add.click();
  await expect(sheet).toBeHidden();

  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: /Warenkorb/ });
  await expect(cart.getByText('Burger-Menü')).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText(euro(total));
});

test('the add button shows quantity and running price on one line, also at 360 px, as quantity, size and extras change', async ({ page, request }) => {
  const pizza = await catalogProduct(request, 'Pizza', 'Pizza Margherita');
  const family = pizza.sizes.find((s) => s.name === 'Familie 40 cm');
  const cheese = pizza.extras.find((e) => e.name === 'Extra Käse');
  if (!family || !cheese) throw new Error('seed changed: Familie 40 cm / Extra Käse');
  const base = defaultProductChoice(pizza);
  await page.setViewportSize({ width: 360, height: 780 });
  const sheet = await openPizza(page);
  const add = sheet.getByRole('button', { name: /In den Warenkorb/ });
  const price = sheet.getByTestId('running-price');
  await expect(add).toHaveAccessibleName(`In den Warenkorb: 1 hinzufügen ${euro(productLinePrice(pizza, base, 1))}`);

  const more = sheet.getByRole('button', { name: 'Anzahl erhöhen' });
  await more.click();
  await expect(add).toContainText('2 hinzufügen');
  await expect(price).toHaveText(euro(productLinePrice(pizza, base, 2)));
  await sheet.getByRole('radio', { name: /Familie 40 cm/ }).check();
  await sheet.getByRole('checkbox', { name: /Extra Käse/ }).check();
  const choice = { ...base, sizeId: family.id, extraIds: [cheese.id] };
  await expect(price).toHaveText(euro(productLinePrice(pizza, choice, 2)));

  // The spec's 1 to 6: the stepper stops there, and the longest label still fits on one line.
  for (let i = 0; i < 6; i++) if (await more.isEnabled()) await more.click();
  await expect(more).toBeDisabled();
  await expect(add).toContainText('6 hinzufügen');
  await expect(price).toHaveText(euro(productLinePrice(pizza, choice, 6)));
  const label = add.locator('.add-button__label');
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await label.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
  await sheet.getByRole('button', { name: 'Anzahl verringern' }).click();
  await expect(price).toHaveText(euro(productLinePrice(pizza, choice, 5)));
});

test('one scroll container: the extras flow in it, the picture shrinks as it scrolls, the name stays in a compact bar', async ({ page }) => {
  const sheet = await openPizza(page);
  const scroller = sheet.locator('.sheet__scroll');
  const picture = sheet.getByTestId('sheet-media').locator('img');
  // The extras list has no scrollbar of its own, and nothing else in the sheet scrolls.
  const extras = sheet.locator('.extras__list');
  expect(await extras.evaluate((el) => el.scrollHeight === el.clientHeight)).toBe(true);
  const scrollers = await sheet.evaluate((dialog) =>
    [...dialog.querySelectorAll('*')].filter((el) => {
      const overflow = getComputedStyle(el).overflowY;
      return (overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight;
    }).length,
  );
  expect(scrollers).toBe(1);

  const before = (await picture.boundingBox())?.height ?? 0;
  expect(before).toBeGreaterThan(100);
  await expect(sheet.locator('.sheet__bar-title')).toHaveCSS('opacity', '0');
  await scroller.evaluate((el) => el.scrollBy(0, 80));
  await expect.poll(async () => (await picture.boundingBox())?.height ?? 0).toBeLessThan(before - 60);

  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(sheet.getByRole('heading', { name: 'Pizza Margherita' })).not.toBeInViewport();
  await expect(sheet.locator('.sheet__bar-title')).toHaveCSS('opacity', '1');
  await expect(sheet.locator('.sheet__bar-title')).toBeInViewport();
  await expect(sheet.getByRole('button', { name: 'Schließen' })).toBeInViewport();
  await expect(sheet.getByRole('button', { name: /In den Warenkorb/ })).toBeInViewport();
});

test('with reduced motion the picture scrolls away whole instead of shrinking', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const sheet = await openPizza(page);
  const picture = sheet.getByTestId('sheet-media').locator('img');
  const before = (await picture.boundingBox())?.height ?? 0;
  await sheet.locator('.sheet__scroll').evaluate((el) => el.scrollBy(0, 80));
  await expect.poll(async () => (await picture.boundingBox())?.y ?? 0).toBeLessThan(0);
  expect((await picture.boundingBox())?.height).toBe(before);
});

test('keyboard: Tab reaches the cards, the arrows change the choice, Escape closes and focus returns to the menu', async ({ page, request }) => {
  const menu = (await catalogMenus(request)).find((m) => m.name === 'Burger-Menü');
  const [first, second] = menu?.items[0]?.products ?? [];
  if (!first || !second) throw new Error('seed changed: Burger-Menü');
  await openHome(page);
  const link = page.getByRole('link', { name: /Burger-Menü/ });
  await link.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Burger-Menü' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Schließen' })).toBeFocused();

  const burgers = sheet.getByRole('radiogroup', { name: /Burger/ });
  await page.keyboard.press('Tab');
  await expect(burgers.getByRole('radio', { name: first.name, exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const next = burgers.getByRole('radio', { name: second.name, exact: true });
  await expect(next).toBeFocused();
  await expect(next).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(burgers.getByRole('radio', { name: first.name, exact: true })).toBeChecked();
  await expect(next).not.toBeChecked();

  // Focus stays in the sheet: Shift+Tab from the close button does not reach the page behind.
  await sheet.getByRole('button', { name: 'Schließen' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null || document.activeElement === document.body)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(link).toBeFocused();

  // The close button closes it too, and focus comes back the same way.
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Schließen' }).click();
  await expect(sheet).toBeHidden();
  await expect(link).toBeFocused();
});
