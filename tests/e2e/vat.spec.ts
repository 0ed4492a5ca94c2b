/**
 * VAT per rate as the diner sees it: the checkout and the order page name each rate with the
 * amount it applies to, the same after a reload; the confirmation mail (the server's outbox
 * folder) comes only once the card is paid, never for the declined attempt, with the same figures.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import {
  acceptTerms,
  addPizza,
  cartButton,
  chooseOrderType,
  choosePayment,
  chooseTime,
  euro,
  fillGuest,
  goToCheckout,
  openHome,
  operatorOrders,
} from './helpers';

/** The e2e server's data folder (playwright.config.ts): mail without SMTP lands in its outbox. */
const OUTBOX = join(process.cwd(), Number(process.env.E2E_PORT ?? 3999) === 3999 ? '.e2e-data' : `.e2e-data-${process.env.E2E_PORT}`, 'outbox');

/** The decoded mails (quoted-printable) whose subject names the order. */
async function mailsAbout(code: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((f) => readFile(join(OUTBOX, f), 'utf8')));
  return mails
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8')))
    .filter((mail) => new RegExp(`^Subject: .*${code}`, 'm').test(mail));
}

const PIZZA = 890; // 7 %: 890 × 7 / 107 = 58.2
const COLA = 390; // 19 %: 390 × 19 / 119 = 62.3

async function expectVatRows(page: Page): Promise<void> {
  const totals = page.locator('.totals');
  await expect(totals.locator('.totals__note')).toHaveCount(2);
  await expect(totals.locator('.totals__note').nth(0)).toContainText(`inkl. MwSt. 7 % auf ${euro(PIZZA)}`);
  await expect(totals.locator('.totals__note').nth(0)).toContainText(euro(58));
  await expect(totals.locator('.totals__note').nth(1)).toContainText(`inkl. MwSt. 19 % auf ${euro(COLA)}`);
  await expect(totals.locator('.totals__note').nth(1)).toContainText(euro(62));
  await expect(totals.locator('.totals__total')).toContainText(euro(PIZZA + COLA));
}

test('a pizza and a cola show VAT at 7 % and 19 %; the mail comes once the card is paid, not for the declined try', async ({ page, request }) => {
  await openHome(page);
  await addPizza(page);
  await page.getByRole('link', { name: 'Getränke', exact: true }).click();
  await page.getByRole('link', { name: /^Cola/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Cola' });
  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(dialog).toBeHidden();

  const payByCard = async () => {
    await goToCheckout(page);
    await chooseOrderType(page, 'Abholung');
    await fillGuest(page);
    await chooseTime(page, true);
    await acceptTerms(page);
    await expectVatRows(page);
    await choosePayment(page, 'Karte (Testzahlung)');
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Karte \(Testzahlung\)/ }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\//);
  };

  await payByCard();
  await page.getByRole('button', { name: 'Ablehnen (Karte abgelehnt)' }).click();
  await expect(page.getByText('Es gibt ein Problem mit Ihrer Zahlung. Bitte versuchen Sie es erneut')).toBeVisible();
  await expect(cartButton(page)).toContainText('2');
  const declined = (await operatorOrders(request, E2E_OPERATOR_KEY)).find((o) => o.status === 'payment_failed');
  expect(declined).toBeDefined();

  await payByCard();
  await page.getByRole('button', { name: 'Zahlung bestätigen' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+/);
  await expectVatRows(page);
  await page.reload();
  await expectVatRows(page);

  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  await expect.poll(async () => (await mailsAbout(code)).length).toBe(1);
  const [mail] = await mailsAbout(code);
  for (const text of [
    `1 × Pizza Margherita: ${euro(PIZZA)}`,
    `1 × Cola: ${euro(COLA)}`,
    `Summe: ${euro(PIZZA + COLA)}`,
    'Zahlungsart: Testzahlung (Karte)',
    `inkl. MwSt. 7 % auf ${euro(PIZZA)}: ${euro(58)}`,
    `inkl. MwSt. 19 % auf ${euro(COLA)}: ${euro(62)}`,
  ]) {
    expect(mail).toContain(text);
  }
  expect(await mailsAbout(declined?.code ?? 'none')).toEqual([]);
});
