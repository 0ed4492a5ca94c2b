import { chromium, type Page } from 'playwright-core';

const base = 'http://127.0.0.1:3910';
const out = '/tmp/shots-h13-contact';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const widths = [360, 390, 412, 1366];

async function closePopup(page: Page) {
  await page.waitForTimeout(700);
  if (await page.locator('dialog[open]').count()) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

let first = true;
for (const lang of ['de', 'en']) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 900 : 800 }, deviceScaleFactor: 1, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    await context.addInitScript((l) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('staff-lang', l);
    }, lang);
    const page = await context.newPage();
    await page.goto(`${base}/contact`);
    await closePopup(page);
    await page.waitForSelector('.contact-form');
    await page.screenshot({ path: `${out}/${lang}-${width}-contact.png`, fullPage: true });
    if (width === 390 || width === 1366) {
      // Errors shown: a wrong e-mail, a field left after typing nothing.
      await page.locator('#contact-fname').fill('Erika');
      await page.locator('#contact-email').fill('erika@');
      await page.locator('#contact-subject').focus();
      await page.locator('#contact-lname').focus();
      await page.locator('#contact-message').focus();
      await page.locator('.contact-form').screenshot({ path: `${out}/${lang}-${width}-form-errors.png` });
      await page.locator('#contact-lname').fill('Mustermann-Lüdenscheidt');
      await page.locator('#contact-email').fill('erika@example.org');
      await page.locator('#contact-subject').fill(first ? 'Geburtstagsfeier am Samstag für 14 Personen, mit Kinderstühlen bitte' : `Question ${lang} ${width}`);
      await page.locator('#contact-message').fill(first ? 'Hallo,\n\nhaben Sie am Samstag, den 12., ab 18 Uhr Platz für 14 Personen? Zwei Kinder brauchen Hochstühle.\nEin Link zum Test: https://example.org/ein/sehr/langer/pfad/ohne/leerzeichen/der/umbrechen/muss\n\nViele Grüße\nErika' : 'Do you have gluten-free pizza?');
      await page.locator('#contact-terms').check();
      await page.locator('.contact-form').screenshot({ path: `${out}/${lang}-${width}-form-filled.png` });
      await page.locator('.contact-form button[type=submit]').click();
      await page.waitForSelector('.contact-form--sent');
      await page.locator('.contact-form--sent').screenshot({ path: `${out}/${lang}-${width}-form-sent.png` });
      first = false;
    }
    // Staff messages screen.
    const staff = await context.newPage();
    await staff.goto(`${base}/staff/messages`);
    await staff.waitForSelector('input[name=email], .staff-messages__head');
    if (await staff.locator('input[name=email]').count()) {
      await staff.fill('input[name=email]', 'owner@lindenhof.example');
      await staff.fill('input[name=password]', 'shots-owner-password');
      await staff.locator('button[type=submit]').click();
    }
    try {
      await staff.waitForSelector('.staff-messages__head', { timeout: 8000 });
    } catch (e) {
      await staff.screenshot({ path: `${out}/debug-staff.png` });
      throw e;
    }
    await staff.waitForTimeout(800);
    if (width === 412 && lang === 'de') {
      // One done, to see both states.
      await staff.locator('.staff-message--open .staff-button--accept').last().click();
      await staff.waitForTimeout(500);
    }
    await staff.screenshot({ path: `${out}/${lang}-${width}-staff-messages.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
