import { expect, test } from '@playwright/test';
import { staffSignIn } from './helpers';

test('a diner writes through the contact form; the message reaches the open staff screen, which marks it done, and a reload keeps it done', async ({ page, browser }) => {
  const subject = `Geburtstagsfeier ${Date.now()}`;
  const staff = await staffSignIn(browser, '/staff/messages');
  await expect(staff.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
  await expect(staff.getByTestId('live-status')).toHaveAttribute('data-status', 'open');

  await page.goto('/contact');
  // The popup content page opens once per session: close it the way a diner would.
  const popup = page.locator('dialog[open]');
  if (await popup.count()) await page.keyboard.press('Escape');
  // The restaurant's details stay where they were; the form joins them.
  await expect(page.getByText('Lindenallee 12, 20259 Hamburg')).toBeVisible();
  await expect(page.getByRole('link', { name: '+49 40 1234567' }).first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Schreiben Sie uns' });
  const send = form.getByRole('button', { name: 'Nachricht senden' });
  await expect(send).toBeDisabled();

  await form.getByLabel('Vorname').fill('Erika');
  await form.getByLabel('Nachname').fill('Mustermann');
  await form.getByLabel('E-Mail-Adresse').fill('erika@');
  await form.getByLabel('Betreff').fill(subject);
  await form.getByLabel('Nachricht').fill('Hallo,\nhaben Sie am Samstag Platz für 14 Personen?');
  await form.getByRole('checkbox').check();
  // One field is still wrong: the button waits, and the field says why once left.
  await expect(send).toBeDisabled();
  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await form.getByLabel('E-Mail-Adresse').fill('erika@example.org');
  await expect(send).toBeEnabled();

  // The trap field is nobody's: not in the accessibility tree, not reached by the keyboard.
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  await form.getByLabel('Nachricht').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('checkbox')).toBeFocused();

  await send.click();
  await expect(page.getByText('Ihre Nachricht ist angekommen. Wir melden uns in Kürze bei Ihnen.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeFocused();

  // The open staff screen hears of it without a reload.
  const message = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: subject }) });
  await expect(message).toBeVisible();
  await expect(message.getByText('Offen', { exact: true })).toBeVisible();
  await expect(message).toContainText('Erika Mustermann');
  await expect(message).toContainText('haben Sie am Samstag Platz für 14 Personen?');
  await expect(message.getByRole('link', { name: 'erika@example.org' })).toHaveAttribute('href', /^mailto:erika@example\.org\?subject=Re%3A%20Geburtstagsfeier/);
  await message.getByRole('button', { name: 'Als erledigt markieren' }).click();
  await expect(message).toContainText('Erledigt von Owner');
  await expect(message.getByText('Offen', { exact: true })).toHaveCount(0);

  await staff.reload();
  const again = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: subject }) });
  await expect(again).toContainText('Erledigt von Owner');
  await expect(again.getByRole('button', { name: 'Wieder öffnen' })).toBeVisible();
  await staff.context().close();
});
