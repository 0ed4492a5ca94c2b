import { expect, test } from '@playwright/test';
import type { ComboMenuAdmin } from '../../src/shared/contract/combo-admin';
import { acceptTerms, cartButton, chooseOrderType, chooseTime, fillGuest, goToCheckout, openHome, staffSignIn } from './helpers';
import { ownerApi } from './staff-api';

test('the owner builds a combo menu with two courses in the editor; diners see it and order it, paying on site', async ({ page, browser, request }) => {
  const name = `Probiermenü ${Date.now().toString(36)}`;
  const staff = await staffSignIn(browser, '/staff/combo-menus');
  try {
    await expect(staff.getByRole('heading', { level: 1, name: 'Menüs' })).toBeVisible();
    await staff.getByRole('button', { name: /Neues Menü/ }).click();
    const editor = staff.getByRole('form', { name: 'Neues Menü' });
    await expect(editor.getByRole('heading', { name: 'Neues Menü' })).toBeFocused();
    await editor.getByLabel('Name (Deutsch)', { exact: true }).fill(name);
    await editor.getByLabel('Beschreibung (Deutsch)', { exact: true }).fill('Suppe und Dessert zum kleinen Preis.');
    await editor.getByLabel('Menüpreis (€)').fill('12,90');
    await editor.getByLabel('Rabatt (%)').fill('10');

    // Saving with a course left empty names the field, and nothing is created.
    await editor.getByRole('button', { name: 'Menü speichern' }).click();
    await expect(editor.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();

    const first = editor.getByRole('region', { name: /^Gang 1/ });
    await first.getByLabel('Name des Gangs (Deutsch)').fill('Suppe');
    await first.getByLabel('Gericht 1', { exact: true }).selectOption({ label: 'Tomatencremesuppe' });
    await first.getByRole('button', { name: /Gericht zu „Suppe“ hinzufügen/ }).click();
    await first.getByLabel('Gericht 2', { exact: true }).selectOption({ label: 'Kartoffelsuppe mit Würstchen' });
    await editor.getByRole('button', { name: /Gang hinzufügen/ }).click();
    const second = editor.getByRole('region', { name: /^Gang 2/ });
    await second.getByLabel('Name des Gangs (Deutsch)').fill('Dessert');
    await second.getByLabel('Gericht 1', { exact: true }).selectOption({ label: 'Apfelstrudel' });
    // The live example is the storefront's own price: 12,90 € less 10 % = 11,61 €.
    await expect(editor.getByText(/Ihre Gäste zahlen 11,61\s€/)).toBeVisible();

    await editor.getByRole('button', { name: 'Menü speichern' }).click();
    await expect(staff.getByRole('status').getByText(`„${name}“ ist gespeichert.`, { exact: false })).toBeVisible();
    const item = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name }) });
    await expect(item).toContainText('Suppe: Tomatencremesuppe, Kartoffelsuppe mit Würstchen');
    await expect(item).toContainText('Dessert: Apfelstrudel');

    // After a reload the menu is still there, as saved.
    await staff.reload();
    await expect(staff.getByRole('heading', { name })).toBeVisible();

    // The diner's storefront shows it, and a diner orders it.
    await openHome(page);
    await page.getByRole('link', { name: new RegExp(name) }).click();
    const sheet = page.getByRole('dialog', { name });
    await sheet.getByRole('radiogroup', { name: /Suppe/ }).getByText('Tomatencremesuppe', { exact: true }).click();
    await sheet.getByRole('radiogroup', { name: /Dessert/ }).getByText('Apfelstrudel', { exact: true }).click();
    await expect(sheet.getByTestId('running-price')).toHaveText(/11,61\s€/);
    await sheet.getByRole('button', { name: /In den Warenkorb/ }).click();
    await expect(sheet).toBeHidden();
    await expect(cartButton(page)).toBeVisible();
    await goToCheckout(page);
    await chooseOrderType(page, 'Abholung');
    await fillGuest(page);
    await chooseTime(page);
    await acceptTerms(page);
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText(/11,61\s€/).first()).toBeVisible();
  } finally {
    // Clean up: ordered now, so the menu is archived and leaves the storefront for the other spec files.
    const api = await ownerApi(request);
    for (const menu of (await api<ComboMenuAdmin[]>('GET', '/combo-menus')).filter((m) => m.name.de === name)) {
      await api('DELETE', `/combo-menus/${menu.id}`);
    }
    await staff.context().close();
  }
});
