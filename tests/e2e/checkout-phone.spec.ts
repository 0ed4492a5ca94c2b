import { expect, test, type Locator } from '@playwright/test';
import { addPizza, chooseTime, euro, goToCheckout, openHome, payBarButton } from './helpers';

const PIZZA = 890;
const HEIGHT = 844;

test.use({ viewport: { width: 390, height: HEIGHT } });

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
};

test('on a 390 px phone the pay bar is on the first screen, names the first thing missing and leads there; filled in, the order goes through', async ({
  page,
}) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);

  // Without scrolling: what the diner buys, the total, and the pay bar at the foot of the screen.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const glance = page.getByRole('button', { name: /Ihre Bestellung/ });
  await expect(glance).toContainText(`1 Artikel · ${euro(PIZZA)}`);
  await expect(glance).toBeInViewport();
  const bar = payBarButton(page);
  await expect(bar).toBeInViewport();
  const first = await box(bar);
  expect(first.y + first.height).toBeLessThanOrEqual(HEIGHT);
  expect(first.y).toBeGreaterThan(HEIGHT / 2);
  await expect(bar).toContainText('Bestellart wählen');
  await expect(bar).toContainText(euro(PIZZA));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The lines open on request.
  await glance.click();
  await expect(glance).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#checkout-glance-lines')).toContainText('Pizza Margherita');

  // The order types are one radio group: large segments, and the arrow keys move between them.
  const delivery = page.getByRole('radio', { name: 'Lieferung', exact: true });
  const segment = await box(page.locator('.order-type__option').first());
  expect(segment.height).toBeGreaterThanOrEqual(44);
  expect(segment.width).toBeGreaterThanOrEqual(44);
  await delivery.focus();
  await page.keyboard.press('Space');
  await expect(delivery).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Abholung', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Abholung', exact: true })).toBeFocused();

  await page.getByLabel('Vollständiger Name').fill('Anna Schmidt');
  await page.getByLabel('E-Mail-Adresse').fill('anna@example.com');
  await expect(bar).toContainText('Telefonnummer fehlt');
  await expect(bar).toBeEnabled();

  // From the top of the page, a tap on the bar brings the phone field into view, in focus, clear of the bar.
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.click();
  const phone = page.getByLabel('Telefon');
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
  expect((await box(phone)).y + (await box(phone)).height).toBeLessThan((await box(bar)).y);
  await phone.fill('040 1234567');
  await phone.blur();
  await chooseTime(page);

  await expect(bar).toContainText('AGB akzeptieren');
  await bar.click();
  const terms = page.getByRole('checkbox', { name: /Ich akzeptiere/ });
  await expect(terms).toBeFocused();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();

  // At the end of the page the bar rests below the last field instead of covering it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const pay = page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ });
  await expect(pay).toContainText(euro(PIZZA));
  await expect(pay).toBeInViewport();
  const label = await box(page.locator('.check--terms'));
  expect(label.y + label.height).toBeLessThanOrEqual((await box(pay)).y);

  await pay.click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  await expect(page.getByText('Vielen Dank! Das Restaurant hat Ihre Bestellung erhalten.')).toBeVisible();
});
