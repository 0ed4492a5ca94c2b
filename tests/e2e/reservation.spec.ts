/**
 * Table reservations as a guest and the restaurant live them: the modal from the side menu, a
 * number that cannot be a phone number cleared with a note, the request arriving live on the
 * staff side's day, confirmed there, and the confirmation in the guest's mailbox (the server's
 * outbox); a party of "10+" asked to call; and offline, a modal that says it needs the network.
 */
import { expect, test, type Page } from '@playwright/test';
import { fridayEvening, mailsTo, openHome, staffSignIn } from './helpers';

async function openReservation(page: Page): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('button', { name: 'Reservierung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tisch reservieren' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a guest asks for a table from the side menu; staff see it arrive live on its day and confirm it; the guest gets the confirmation by mail', async ({ page, browser }) => {
  const email = `gast.${Date.now()}@example.org`;
  const at = fridayEvening();
  const day = at.slice(0, 10);
  const staff = await staffSignIn(browser, '/staff/reservations');
  await expect(staff.getByRole('heading', { level: 1, name: 'Reservierungen' })).toBeVisible();
  await expect(staff.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  await staff.getByLabel('Tag', { exact: true }).fill(day);

  await openHome(page);
  const dialog = await openReservation(page);
  await dialog.getByLabel('Datum und Uhrzeit').fill(at);
  await dialog.getByLabel('Personen').selectOption('3');
  await dialog.getByLabel('Name').fill('Erika Mustermann');
  await dialog.getByLabel('E-Mail-Adresse').fill(email);

  // A number that cannot be one is cleared on leaving the field, and a note says why.
  const phone = dialog.getByLabel('Telefon', { exact: true });
  await phone.fill('123');
  await phone.blur();
  await expect(phone).toHaveValue('');
  await expect(dialog.getByText('„123“ ist keine Telefonnummer, unter der wir Sie erreichen können')).toBeVisible();
  await expect(phone).toHaveAccessibleDescription(/„123“ ist keine Telefonnummer/);
  // The country list starts with the restaurant's country.
  const country = dialog.getByLabel('Ländervorwahl');
  await expect(country).toHaveValue('DE');
  await expect(country.locator('optgroup').first().locator('option').first()).toHaveText('+49 Deutschland');
  // A national number is read in that country and written internationally.
  await phone.fill('040 7654321');
  await phone.blur();
  await expect(phone).toHaveValue('+49 40 7654321');
  await expect(dialog.getByText('ist keine Telefonnummer')).toHaveCount(0);

  await dialog.getByLabel('Anmerkungen (optional)').fill('Gern am Fenster');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Tisch anfragen' }).click();
  await expect(page.getByText('Ihre Reservierungsanfrage wurde gesendet. Wir informieren Sie über den Status Ihrer Reservierung.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus goes back to where the guest was, not lost in the page.
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();

  // The open staff screen hears of it without a reload.
  const row = staff.getByRole('listitem').filter({ hasText: 'Erika Mustermann' }).filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('19:00');
  await expect(row).toContainText('3 Personen');
  await expect(row).toContainText('Angefragt');
  await expect(row).toContainText('Gern am Fenster');
  await expect(row.getByRole('link', { name: '+49 40 7654321' })).toHaveAttribute('href', 'tel:+49407654321');
  await row.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(row).toContainText('Bestätigt von Owner');
  await expect(row.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);

  // The guest's mailbox: first that the request arrived, then the confirmation, in German.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(2);
  const mails = await mailsTo(email);
  expect(mails.some((m) => m.includes('Sie ist noch nicht bestätigt.'))).toBe(true);
  const confirmed = mails.find((m) => m.includes('Gerne bestätigen wir Ihre Reservierung'));
  expect(confirmed).toBeDefined();
  expect(confirmed).toContain('19:00, 3 Personen');
  expect(confirmed).toContain('Guten Tag Erika Mustermann,');

  await staff.reload();
  await staff.getByLabel('Tag', { exact: true }).fill(day);
  await expect(staff.getByRole('listitem').filter({ hasText: email })).toContainText('Bestätigt von Owner');
  await staff.context().close();
});

test('a party of ten or more is asked to call, with the number as a link, and nothing can be sent', async ({ page }) => {
  await openHome(page);
  const dialog = await openReservation(page);
  // A first try with nothing filled in marks every field; a large party is still no error.
  await dialog.getByRole('button', { name: 'Tisch anfragen' }).click();
  await dialog.getByLabel('Personen').selectOption('10+');
  const call = dialog.getByTestId('reservation-call');
  await expect(call).toContainText('Bitte rufen Sie uns an');
  await expect(dialog.getByText('Diese Auswahl ist ungültig')).toHaveCount(0);
  await expect(call.getByRole('link', { name: '+49 40 1234567 anrufen' })).toHaveAttribute('href', 'tel:+49401234567');
  await expect(dialog.getByRole('button', { name: 'Tisch anfragen' })).toHaveCount(0);
  // Back to a party the restaurant takes online: the form returns.
  await dialog.getByLabel('Personen').selectOption('4');
  await expect(dialog.getByRole('button', { name: 'Tisch anfragen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('offline, the modal says a reservation needs the network and sends nothing', async ({ page, context }) => {
  await openHome(page);
  // Once online, so the modal's chunk is in the browser's cache.
  let dialog = await openReservation(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/reservations')) sent++;
  });
  await context.setOffline(true);
  dialog = await openReservation(page);
  await expect(dialog.getByTestId('reservation-offline')).toContainText('Für eine Reservierung braucht es eine Verbindung zum Restaurant');
  await expect(dialog.getByTestId('reservation-offline')).toContainText('nichts für später aufbewahrt');
  const button = dialog.getByRole('button', { name: 'Tisch anfragen' });
  await expect(button).toBeDisabled();
  await dialog.getByLabel('Datum und Uhrzeit').fill(fridayEvening());
  await dialog.getByLabel('Name').fill('Offline Gast');
  await dialog.getByRole('checkbox').check();
  await expect(button).toBeDisabled();
  expect(sent).toBe(0);

  // Back online, the note goes and the button wakes.
  await context.setOffline(false);
  await expect(dialog.getByTestId('reservation-offline')).toHaveCount(0);
  await expect(button).toBeEnabled();
});
