import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { addPizza, goToCheckout, openHome, staffSignIn } from './helpers';

const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };
/** What this file changes; put back after each test so the other files see the seeded restaurant. */
const CHANGED = ['SITE_TITLE', 'BRAND_COLOR', 'ALLOW_TIP'] as const;
const original = new Map<string, string>();

async function setSetting(request: APIRequestContext, key: string, value: string): Promise<void> {
  const res = await request.put(`/api/operator/settings/${key}`, { headers: operator, data: { value } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const settings = ((await (await request.get('/api/settings')).json()) as { data: { key: string; value: unknown }[] }).data;
  for (const key of CHANGED) {
    const value = settings.find((s) => s.key === key)?.value;
    original.set(key, value === null || value === undefined ? '' : String(value));
  }
});

test.afterEach(async ({ request }) => {
  for (const [key, value] of original) await setSetting(request, key, value);
});

const brandVar = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());

test('the owner renames the restaurant and changes its colour in the settings screen; the preview follows at once and a diner sees both on the next load, without a rebuild', async ({
  page,
  browser,
}) => {
  await openHome(page);
  await expect(page).toHaveTitle(/Gasthaus Lindenhof/);
  const staff = await staffSignIn(browser, '/staff/settings');
  await expect(staff.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  const preview = staff.getByTestId('brand-preview');
  await expect(preview).toContainText('Gasthaus Lindenhof');

  const title = staff.getByLabel('Name des Restaurants');
  await title.fill('Trattoria Lindenhof');
  await expect(preview).toContainText('Trattoria Lindenhof');
  const colour = staff.getByLabel('Hauptfarbe', { exact: true });
  await colour.fill('#7a1f3d');
  await expect(staff.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(122, 31, 61)');

  // A colour the schema refuses is marked at the field, and nothing is saved.
  await colour.fill('rot');
  await staff.getByRole('button', { name: 'Name und Aussehen speichern' }).click();
  await expect(staff.getByText('Bitte wählen Sie eine Farbe im Format #1f5c4a.')).toBeVisible();
  await expect(colour).toBeFocused();
  await colour.fill('#7a1f3d');
  await staff.getByRole('button', { name: 'Name und Aussehen speichern' }).click();
  await expect(staff.getByText('Gespeichert. Gäste sehen es, sobald sie die Speisekarte das nächste Mal öffnen.')).toBeVisible();

  // The diner's next load: the server renders the new name and colour from the database.
  await page.reload();
  await expect(page).toHaveTitle(/Trattoria Lindenhof/);
  expect(await brandVar(page)).toBe('#7a1f3d');

  // The saved values are what the screen shows after a reload too.
  await staff.reload();
  await expect(staff.getByLabel('Name des Restaurants')).toHaveValue('Trattoria Lindenhof');
  await staff.context().close();
});

test('the owner switches tips off; the checkout offers no tip until they are on again', async ({ page, browser }) => {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await expect(page.getByRole('group', { name: 'Trinkgeld für das Team' })).toBeVisible();

  const staff = await staffSignIn(browser, '/staff/settings');
  const tips = staff.getByRole('switch', { name: 'Trinkgeld' });
  await expect(tips).toBeChecked();
  await tips.uncheck();
  await expect(staff.getByText('Trinkgeld ist ausgeschaltet: Die Kasse zeigt keine Trinkgeld-Schaltflächen.')).toBeVisible();
  await staff.getByRole('button', { name: 'Bestellen speichern' }).click();
  await expect(staff.getByText('Gespeichert. Gäste sehen es, sobald sie die Speisekarte das nächste Mal öffnen.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Zur Kasse' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Trinkgeld für das Team' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Kein Trinkgeld' })).toHaveCount(0);
  await staff.context().close();
});

test('the delivery areas screen shows the seeded zones on a map of our own, with the restaurant, and highlights the chosen one', async ({ browser }) => {
  const staff = await staffSignIn(browser, '/staff/areas');
  await expect(staff.getByRole('heading', { level: 1, name: 'Liefergebiete' })).toBeVisible();
  const map = staff.getByTestId('zone-map');
  await expect(map).toBeVisible();
  for (const name of ['Eppendorf', 'Hoheluft', 'Eimsbüttel']) await expect(map.locator(`[data-zone="${name}"] path`)).toHaveCount(1);
  await expect(map.getByText('Ihr Restaurant')).toBeVisible();
  // No picture comes from outside: the map is drawn from our own data.
  expect(await map.locator('image, img').count()).toBe(0);

  await staff.getByRole('button', { name: 'Hoheluft', exact: true }).click();
  await expect(map.locator('[data-zone="Hoheluft"]')).toHaveClass(/areas-map__zone--selected/);
  await expect(staff.getByRole('button', { name: 'Hoheluft', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // An area customers have saved addresses in cannot be deleted, and the screen says why; here none has, so only the question shows.
  await staff.getByRole('button', { name: 'Löschen Eppendorf' }).click();
  await expect(staff.getByRole('button', { name: 'Ja, Eppendorf löschen' })).toBeFocused();
  await staff.getByRole('button', { name: 'Nein, behalten' }).click();

  // A new area, its zone drawn by clicking four corners on the map, saved, listed and drawn; then deleted.
  try {
    await staff.getByRole('button', { name: 'Liefergebiet hinzufügen' }).click();
    await expect(staff.getByRole('heading', { name: 'Neues Liefergebiet' })).toBeFocused();
    await staff.getByRole('button', { name: 'Auf der Karte zeichnen' }).click();
    const editorMap = staff.locator('.areas-editor').getByTestId('zone-map');
    const box = await editorMap.boundingBox();
    if (!box) throw new Error('no map');
    for (const [fx, fy] of [[0.04, 0.04], [0.14, 0.04], [0.14, 0.14], [0.04, 0.14]] as const) await editorMap.click({ position: { x: box.width * fx, y: box.height * fy } });
    await expect(staff.getByText('Bisher 4 Punkte.', { exact: false })).toBeVisible();
    await staff.getByRole('button', { name: 'Zeichnen beenden' }).click();
    await staff.getByLabel('Name', { exact: true }).fill('E2E Randgebiet');
    await staff.getByLabel('Postleitzahlen').fill('99998');
    await staff.getByLabel('Liefergebühr').fill('abc');
    await staff.getByRole('button', { name: 'Gebiet speichern' }).click();
    await expect(staff.getByText('Bitte geben Sie einen Betrag in Euro an, etwa 2,50.')).toBeVisible();
    await expect(staff.getByLabel('Liefergebühr')).toBeFocused();
    await staff.getByLabel('Liefergebühr').fill('4,50');
    await staff.getByLabel('Mindestbestellwert').fill('30');
    await staff.getByRole('button', { name: 'Gebiet speichern' }).click();
    await expect(staff.getByText('„E2E Randgebiet“ wurde angelegt.')).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Liefergebiet hinzufügen' })).toBeFocused();
    const item = staff.locator('.areas-item').filter({ hasText: 'E2E Randgebiet' });
    await expect(item).toContainText('4,50 €');
    await expect(item).toContainText('30,00 €');
    await expect(staff.getByTestId('zone-map').locator('[data-zone="E2E Randgebiet"] path')).toHaveCount(1);
    await item.getByRole('button', { name: /^Löschen/ }).click();
    await staff.getByRole('button', { name: 'Ja, E2E Randgebiet löschen' }).click();
    await expect(staff.getByText('„E2E Randgebiet“ wurde gelöscht.')).toBeVisible();
    await expect(staff.locator('.areas-item').filter({ hasText: 'E2E Randgebiet' })).toHaveCount(0);
  } finally {
    // Whatever happened above, the seeded restaurant's areas are all the other files see.
    await staff.evaluate(async () => {
      const token = localStorage.getItem('staff-token') ?? '';
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
      const list = (await (await fetch('/api/staff/areas', { headers })).json()) as { data: { areas: { id: number; name: string }[] } };
      for (const area of list.data.areas) if (area.name.startsWith('E2E ')) await fetch(`/api/staff/areas/${area.id}`, { method: 'DELETE', headers });
    });
  }
  await staff.context().close();
});
