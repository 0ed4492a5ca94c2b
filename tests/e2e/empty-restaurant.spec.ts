/**
 * Issue 14's "done when": a restaurant set up from an empty database (SEED=none) through the back
 * office alone, then its first order. Runs against a server of its own (EMPTY_RESTAURANT in
 * playwright.config.ts), so nothing here touches the seeded restaurant the other files use.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_OWNER, EMPTY_RESTAURANT } from '../../playwright.config';
import { acceptTerms, cartButton, chooseOrderType, chooseTime, fillGuest, goToCheckout } from './helpers';

const at = (path: string) => `${EMPTY_RESTAURANT}${path}`;

async function office(staff: Page, tab: string, heading: string): Promise<void> {
  await staff.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: tab, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** One dish through the menu editor: sizes with prices, and optionally a required choice. */
async function addDish(
  staff: Page,
  category: string,
  dish: { name: string; sizes: [string, string][]; choice?: { name: string; options: [string, string][] } },
): Promise<void> {
  const tree = staff.getByRole('navigation', { name: 'Kategorien und Gerichte' });
  await tree.getByRole('button', { name: `Neues Gericht in ${category}` }).click();
  await staff.getByLabel('Name (Deutsch)').first().fill(dish.name);
  for (const [i, [size, price]] of dish.sizes.entries()) {
    if (i > 0) await staff.getByRole('button', { name: 'Größe hinzufügen' }).click();
    await staff.locator(`#menu-sizes-${i}-name`).fill(size);
    await staff.locator(`#menu-sizes-${i}-price`).fill(price);
  }
  if (dish.choice) {
    await staff.getByRole('button', { name: 'Auswahl hinzufügen' }).click();
    await staff.locator('#menu-variants-0-name').fill(dish.choice.name);
    await staff.getByRole('checkbox', { name: 'Gäste müssen wählen' }).check();
    for (const [j, [option, price]] of dish.choice.options.entries()) {
      if (j > 0) await staff.getByRole('button', { name: 'Option hinzufügen' }).click();
      await staff.locator(`#menu-variants-0-options-${j}-name`).fill(option);
      await staff.locator(`#menu-variants-0-options-${j}-price`).fill(price);
    }
  }
  await staff.getByRole('button', { name: 'Speichern' }).click();
  await expect(staff.getByRole('status').filter({ hasText: /^Gespeichert\./ })).toBeVisible();
  await expect(tree.getByRole('button', { name: new RegExp(`^${dish.name} \\d`) })).toBeVisible();
}

test('an owner sets up a new restaurant from an empty database through the back office alone, and takes its first order', async ({ browser }) => {
  test.setTimeout(300_000);
  const diner = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })).newPage();

  // Before: a friendly "coming soon", not an error or an empty page.
  await diner.goto(at('/'));
  await expect(diner).toHaveTitle(/Mein Restaurant/);
  await expect(diner.getByText(/bald für Sie da/)).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const staff = await context.newPage();
  await staff.goto(at('/staff'));
  await staff.getByLabel(/E-Mail/).fill(E2E_OWNER.email);
  await staff.getByLabel(/Passwort/).fill(E2E_OWNER.password);
  await staff.getByRole('button', { name: /Anmelden/ }).click();
  await staff.getByRole('link', { name: 'Verwaltung' }).click();

  // 1. The name and the logo, and ordering switched on: pick-up and delivery.
  await office(staff, 'Einstellungen', 'Einstellungen');
  const logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 122, g: 31, b: 61, alpha: 1 } } }).png().toBuffer();
  await staff.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(staff.getByRole('status').filter({ hasText: 'Logo gespeichert.' })).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByLabel('Logo', { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{32}\.png$/);
  const logoUrl = await staff.getByLabel('Logo', { exact: true }).inputValue();
  await staff.getByLabel('Name des Restaurants').fill('Trattoria Nuova');
  await staff.getByRole('button', { name: 'Name und Aussehen speichern' }).click();
  const settingsSaved = staff.getByText('Gespeichert. Gäste sehen es, sobald sie die Speisekarte das nächste Mal öffnen.');
  await expect(settingsSaved).toBeVisible();
  await staff.getByRole('switch', { name: 'Abholung', exact: true }).check();
  await staff.getByRole('switch', { name: 'Lieferung', exact: true }).check();
  await staff.getByRole('button', { name: 'Bestellen speichern' }).click();
  await expect(settingsSaved.last()).toBeVisible();

  // 2. Opening hours: open around the clock on Monday, and every other day the same.
  await office(staff, 'Öffnungszeiten', 'Öffnungszeiten');
  const monday = staff.getByRole('group', { name: 'Montag' });
  await monday.getByRole('button', { name: /Zeitraum hinzufügen/ }).click();
  await monday.getByLabel('Montag, Zeitraum 1: öffnet um').fill('00:00');
  await monday.getByLabel('Montag, Zeitraum 1: schließt um').fill('00:00');
  for (const day of ['Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']) {
    await staff.getByLabel(`${day}: dieselben Zeiten wie an einem anderen Tag`).selectOption({ label: 'Montag' });
  }
  await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
  await expect(staff.getByText('Die Öffnungszeiten sind gespeichert. Ihre Gäste sehen sie sofort.')).toBeVisible();

  // 3. One delivery area, its zone pasted as GeoJSON.
  await office(staff, 'Liefergebiete', 'Liefergebiete');
  await staff.getByRole('button', { name: 'Liefergebiet hinzufügen' }).click();
  await staff.getByLabel('Name', { exact: true }).fill('Altstadt');
  await staff.getByLabel('Postleitzahlen').fill('20095');
  await staff.getByLabel('Mindestbestellwert').fill('15,00');
  await staff.getByLabel('Liefergebühr').fill('2,50');
  await staff.getByLabel('Zone als GeoJSON').fill(
    JSON.stringify({ type: 'Polygon', coordinates: [[[9.98, 53.54], [10.01, 53.54], [10.01, 53.56], [9.98, 53.56], [9.98, 53.54]]] }),
  );
  await staff.getByRole('button', { name: 'Gebiet speichern' }).click();
  await expect(staff.getByRole('button', { name: 'Altstadt', exact: true })).toBeVisible();

  // 4. Two categories and three dishes with sizes and choices.
  await office(staff, 'Speisekarte', 'Speisekarte');
  const tree = staff.getByRole('navigation', { name: 'Kategorien und Gerichte' });
  for (const category of ['Pizza', 'Getränke']) {
    await staff.getByRole('button', { name: 'Neue Kategorie' }).click();
    await staff.getByLabel('Name (Deutsch)').fill(category);
    await staff.getByRole('button', { name: 'Speichern' }).click();
    await expect(tree.getByRole('button', { name: new RegExp(`^${category} \\d+ Gericht`) })).toBeVisible();
  }
  await addDish(staff, 'Pizza', {
    name: 'Pizza Napoli',
    sizes: [['Klein', '8,50'], ['Groß', '11,50']],
    choice: { name: 'Teig', options: [['Klassisch', '0'], ['Vollkorn', '1,00']] },
  });
  await addDish(staff, 'Pizza', {
    name: 'Pizza Funghi',
    sizes: [['Klein', '9,00'], ['Groß', '12,00']],
    choice: { name: 'Käse', options: [['Mozzarella', '0'], ['Büffelmozzarella', '2,00']] },
  });
  await addDish(staff, 'Getränke', { name: 'Limonade', sizes: [['0,33 l', '3,20'], ['0,5 l', '4,20']] });

  // 5. One combo menu of a pizza and a drink.
  await office(staff, 'Menüs', 'Menüs');
  await staff.getByRole('button', { name: /Neues Menü/ }).click();
  const editor = staff.getByRole('form', { name: 'Neues Menü' });
  await editor.getByLabel('Name (Deutsch)', { exact: true }).fill('Mittagsmenü');
  await editor.getByLabel('Menüpreis (€)').fill('11,90');
  await editor.getByLabel('Rabatt (%)').fill('0');
  const first = editor.getByRole('region', { name: /^Gang 1/ });
  await first.getByLabel('Name des Gangs (Deutsch)').fill('Pizza');
  await first.getByLabel('Gericht 1', { exact: true }).selectOption({ label: 'Pizza Napoli' });
  await editor.getByRole('button', { name: /Gang hinzufügen/ }).click();
  const second = editor.getByRole('region', { name: /^Gang 2/ });
  await second.getByLabel('Name des Gangs (Deutsch)').fill('Getränk');
  await second.getByLabel('Gericht 1', { exact: true }).selectOption({ label: 'Limonade' });
  await editor.getByRole('button', { name: 'Menü speichern' }).click();
  await expect(staff.getByRole('heading', { name: 'Mittagsmenü' })).toBeVisible();

  // 6. The first diner: the new name, the menu as built, and an order paid on site.
  await diner.reload();
  await expect(diner).toHaveTitle(/Trattoria Nuova/);
  await expect(diner.locator('.site-header .brand img')).toHaveAttribute('src', logoUrl);
  await expect(diner.locator('.category-chip').first()).toBeVisible();
  await diner.getByRole('link', { name: 'Pizza', exact: true }).first().click();
  await diner.getByRole('link', { name: /Pizza Napoli/ }).click();
  const sheet = diner.getByRole('dialog', { name: 'Pizza Napoli' });
  await sheet.getByRole('combobox', { name: /Teig/ }).selectOption({ index: 1 });
  await sheet.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(sheet).toBeHidden();
  await expect(cartButton(diner)).toBeVisible();
  await goToCheckout(diner);
  await chooseOrderType(diner, 'Abholung');
  await fillGuest(diner);
  await chooseTime(diner);
  await acceptTerms(diner);
  await diner.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(diner).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  await expect(diner.getByText('Pizza Napoli').first()).toBeVisible();
  await expect(diner.getByText(/9,50\s€/).first()).toBeVisible();

  // The restaurant sees it on its board.
  await staff.getByRole('link', { name: 'Bestellungen', exact: true }).click();
  await expect(staff.getByText('Pizza Napoli').first()).toBeVisible();
  await context.close();
  await diner.context().close();
});
