/**
 * A guest's delivery in the new address system (decision 020): the guest finds the place by search
 * or by the browser's location, sees the area's delivery price and minimum, keeps the place across a
 * reload, and orders; the restaurant gets the area the server found from the coordinates.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { acceptTerms, addPizza, chooseOrderType, chooseTime, euro, fillGuest, goToCheckout, openHome, payBarButton } from './helpers';

const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };
const PIZZA = 890;
/** Eppendorf: 2 € delivery from a 15 € minimum; Hoheluft: 3 € from 20 € (the seeded areas). */
const EPPENDORF = { fee: 200, minimum: 1500 };
const HOHELUFT = { fee: 300, minimum: 2000 };
/** On Hoheluftchaussee, inside the Hoheluft zone. */
const HOHELUFT_PIN = { latitude: 53.58265, longitude: 9.97305 };
/** Ottensen, outside every zone. */
const OTTENSEN_PIN = { latitude: 53.55233, longitude: 9.927087 };
const OUT_OF_RANGE = 'Der markierte Ort liegt außerhalb unseres Liefergebiets.';

async function setSetting(request: APIRequestContext, key: string, value: string): Promise<void> {
  const res = await request.put(`/api/operator/settings/${key}`, { headers: operator, data: { value } });
  expect(res.status()).toBe(200);
}

/** The new address system for one test, and back off after it: the other specs run the old one. */
async function withNewAddressSystem(request: APIRequestContext, run: () => Promise<void>): Promise<void> {
  await setSetting(request, 'USES_NEW_ADDRESS_SYSTEM', '1');
  try {
    await run();
  } finally {
    await setSetting(request, 'USES_NEW_ADDRESS_SYSTEM', '');
  }
}

const finder = (page: Page) => page.locator('.checkout .address-finder__status');
const areaFact = (page: Page, term: string) => finder(page).locator('.area-facts div', { has: page.locator('dt', { hasText: term }) }).locator('dd');

async function deliveryAsGuest(page: Page, pizzas: number): Promise<void> {
  await openHome(page);
  for (let i = 0; i < pizzas; i++) await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Lieferung');
  await fillGuest(page);
}

test('a guest searches the address, sees the delivery price, keeps the place over a reload and orders; the server found the area', async ({ page, request }) => {
  await withNewAddressSystem(request, async () => {
    await deliveryAsGuest(page, 2);
    // The new system: no area list, a search box and the current-location button instead.
    await expect(page.getByLabel('Liefergebiet')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Meinen aktuellen Standort verwenden' })).toBeVisible();
    await expect(payBarButton(page)).toContainText('Lieferadresse suchen');

    const search = page.getByRole('combobox', { name: 'Suchen Sie Ihre Straße und Hausnummer' });
    await search.fill('Eppendorfer Landstraße 10');
    await page.getByRole('option', { name: /^Eppendorfer Landstraße 10,/ }).click();
    await expect(finder(page).getByText('Wir liefern an diese Adresse.')).toBeVisible();
    await expect(areaFact(page, 'Liefergebühr')).toHaveText(euro(EPPENDORF.fee));
    await expect(areaFact(page, 'Mindestbestellwert')).toHaveText(euro(EPPENDORF.minimum));
    const detailed = page.getByLabel('Genaue Adresse');
    await expect(detailed).toHaveValue('Eppendorfer Landstraße 10, 20249 Hamburg');
    await page.getByLabel('Etage, Klingel, Wegbeschreibung (optional)').fill('2. OG, bei Schmidt klingeln');
    await chooseTime(page);
    const total = 2 * PIZZA + EPPENDORF.fee;
    await expect(page.locator('.totals__total')).toContainText(euro(total));

    // A reload (a dead spot, a tab the phone threw away) keeps the place and what was typed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Zur Kasse' })).toBeVisible();
    await expect(finder(page).getByText('Eppendorfer Landstraße 10, 20249 Hamburg')).toBeVisible();
    await expect(areaFact(page, 'Liefergebühr')).toHaveText(euro(EPPENDORF.fee));
    await expect(page.getByLabel('Genaue Adresse')).toHaveValue('Eppendorfer Landstraße 10, 20249 Hamburg');
    await expect(page.getByLabel('Etage, Klingel, Wegbeschreibung (optional)')).toHaveValue('2. OG, bei Schmidt klingeln');

    await acceptTerms(page);
    const pay = page.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
    await expect(pay).toContainText(euro(total));
    await pay.click();
    await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
    await expect(page.getByText('Eppendorfer Landstraße 10, 20249 Hamburg')).toBeVisible();
    await expect(page.locator('.totals__total')).toContainText(euro(total));

    const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1];
    const res = await request.get('/api/operator/orders?limit=200', { headers: operator });
    const orders = ((await res.json()) as { data: { code: string; address: { area: string; zipcode: string; extras: string } | null; payment: { price: number; deliver: number } }[] }).data;
    const order = orders.find((o) => o.code === code);
    expect(order?.address).toMatchObject({ area: 'Eppendorf', zipcode: '20249', extras: '2. OG, bei Schmidt klingeln' });
    expect(order?.payment.price).toBe(total / 100);
  });
});

test('a guest uses the current location: in range it shows the area, its delivery price and its minimum', async ({ page, request }) => {
  await withNewAddressSystem(request, async () => {
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(HOHELUFT_PIN);
    await deliveryAsGuest(page, 1);
    const locate = page.getByRole('button', { name: 'Meinen aktuellen Standort verwenden' });
    await locate.click();
    await expect(finder(page).getByText('Wir liefern an diese Adresse.')).toBeVisible();
    await expect(finder(page).getByText(/^Hoheluftchaussee \d+, 20253 Hamburg$/)).toBeVisible();
    await expect(areaFact(page, 'Liefergebühr')).toHaveText(euro(HOHELUFT.fee));
    await expect(page.getByLabel('Genaue Adresse')).toHaveValue(/^Hoheluftchaussee \d+, 20253 Hamburg$/);
    // One pizza is short of Hoheluft's minimum: the pay button says by how much (decision 012).
    await expect(payBarButton(page)).toContainText(`Mindestbestellwert nicht erreicht: noch ${euro(HOHELUFT.minimum - PIZZA)}`);
  });
});

test('a guest out of range is told so and cannot order to it; with the location refused, spec §8 says how to allow it', async ({ page, request }) => {
  await withNewAddressSystem(request, async () => {
    // Standing in Ottensen (a fresh browser: the page takes a position up to a minute old).
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(OTTENSEN_PIN);
    await deliveryAsGuest(page, 2);
    const locate = page.getByRole('button', { name: 'Meinen aktuellen Standort verwenden' });
    await locate.click();
    await expect(page.locator('.checkout .address-alert')).toHaveText(OUT_OF_RANGE);
    await expect(finder(page).getByText('Wir liefern an diese Adresse.')).toHaveCount(0);
    await expect(page.getByLabel('Genaue Adresse')).toHaveCount(0);
    await expect(payBarButton(page)).toContainText('Lieferadresse suchen');

    await expect(page.getByRole('button', { name: /Zahlungspflichtig bestellen/ })).toHaveCount(0);

    // Location refused by the browser: spec §8's words.
    await page.context().clearPermissions();
    await locate.click();
    await expect(page.locator('.checkout .address-alert')).toContainText('Um diese Funktion zu nutzen, müssen Sie Ihre Ortungsdienste aktivieren');
  });
});
