import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_OWNER } from '../../playwright.config';
import type { Category, CategoryProductsMeta, Menu, Product } from '../../src/shared/contract/catalog';
import { formatMoney, type Cents } from '../../src/shared/pricing';

export const euro = (cents: Cents, locale = 'de-DE') => formatMoney(cents, locale, 'EUR');

/** The popup content page opens once per session; close it the way a diner would. */
export async function openHome(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.category-chip').first()).toBeVisible();
  // The session's greeting is decided once the hours have been asked: wait for it, then close it.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-greeting', /./, { timeout: 20_000 });
  if ((await html.getAttribute('data-greeting')) === 'popup') {
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

/**
 * Scrolls down the whole menu a screen at a time, as a diner reading it would: a section renders
 * when it comes near the viewport (decision 044). Ends at the bottom with every section drawn.
 */
export async function scrollThroughMenu(page: Page): Promise<void> {
  await expect(async () => {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect(page.locator('.whole-menu .skeleton-card')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * The worker has installed (precache complete), activated and controls the page. The predicate is
 * synchronous on purpose: waitForFunction takes a returned promise for a truthy answer at once.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

export async function catalogProduct(request: APIRequestContext, categoryName: string, productName: string): Promise<Product> {
  const categories = (await (await request.get('/api/products/categories', { headers: { 'accept-language': 'de' } })).json()) as { data: Category[] };
  const category = categories.data.find((c) => c.name === categoryName);
  if (!category) throw new Error(`no category ${categoryName}`);
  const list = (await (
    await request.get(`/api/products/categories/${category.id}/products`, { headers: { 'accept-language': 'de' } })
  ).json()) as { data: Product[]; meta: CategoryProductsMeta };
  const product = list.data.find((p) => p.name === productName);
  if (!product) throw new Error(`no product ${productName}`);
  return product;
}

export async function catalogMenus(request: APIRequestContext): Promise<Menu[]> {
  return ((await (await request.get('/api/products/menus', { headers: { 'accept-language': 'de' } })).json()) as { data: Menu[] }).data;
}

export const cartButton = (page: Page) => page.locator('.cart-button');

/** A Friday evening two to eight days ahead: always inside the seeded opening hours, whatever today is. */
export function fridayEvening(): string {
  for (let days = 2; days < 10; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    if (d.getUTCDay() === 5) return `${d.toISOString().slice(0, 10)}T19:00`;
  }
  throw new Error('no Friday within ten days');
}

/** Adds a Pizza Margherita in its default size (8,90 €) the way a diner does (the interface in German, or English). */
export async function addPizza(page: Page, addLabel: RegExp = /In den Warenkorb/): Promise<void> {
  if (!(await page.getByRole('link', { name: 'Pizza', exact: true }).count())) await openHome(page);
  await page.getByRole('link', { name: 'Pizza', exact: true }).click();
  await page.getByRole('link', { name: /Pizza Margherita/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await dialog.getByRole('button', { name: addLabel }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the checkout from the cart panel, answering the guest question when it comes. */
export async function goToCheckout(page: Page, asGuest = true): Promise<void> {
  await cartButton(page).click();
  await page.getByRole('dialog', { name: /Warenkorb/ }).getByRole('button', { name: 'Zur Kasse' }).click();
  if (asGuest) await page.getByRole('button', { name: 'Als Gast bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zur Kasse' })).toBeVisible();
}

/** The checkout's order types (German labels), as the diner taps them. */
export async function chooseOrderType(page: Page, name: 'Lieferung' | 'Abholung' | 'Am Auto' | 'Delivery' | 'Pickup' | 'Curbside'): Promise<void> {
  await page.getByRole('radio', { name, exact: true }).check();
}

/** The checkout's pay bar: one button that pays, or names what is missing. */
export const payBarButton = (page: Page) => page.getByTestId('pay-bar').getByRole('button');

/**
 * Whether the checkout offers "as soon as possible": while open the schedule is folded behind
 * "Für später bestellen"; while closed the time choice is shown with "now" switched off.
 */
export async function openNow(page: Page): Promise<boolean> {
  const schedule = page.getByRole('button', { name: 'Für später bestellen' });
  const now = page.getByRole('radio', { name: 'Jetzt senden' });
  await expect(schedule.or(now)).toBeVisible();
  return (await schedule.isVisible()) || (await now.isEnabled());
}

/** "Now" while open, otherwise (or when asked) a time the restaurant is open (the e2e run may happen at night). */
export async function chooseTime(page: Page, later = false, at = fridayEvening()): Promise<void> {
  const schedule = page.getByRole('button', { name: 'Für später bestellen' });
  if (await openNow(page)) {
    if (!later) {
      if (!(await schedule.isVisible())) await page.getByRole('radio', { name: 'Jetzt senden' }).check();
      return;
    }
    if (await schedule.isVisible()) await schedule.click();
  }
  await page.getByRole('radio', { name: 'Ich wähle die Lieferzeit' }).check();
  await page.getByLabel('Lieferzeit', { exact: true }).fill(at);
}

/** The kitchen note sits behind "Anmerkung für die Küche" until it holds something. */
export async function writeNotes(page: Page, text: string): Promise<void> {
  const add = page.getByRole('button', { name: 'Anmerkung für die Küche' });
  if (await add.isVisible()) {
    await add.click();
    await expect(page.getByLabel(/Anmerkungen/)).toBeFocused();
  }
  await page.getByLabel(/Anmerkungen/).fill(text);
}

/** A way to pay other than the first (which is chosen from the start). */
export async function choosePayment(page: Page, name: 'Karte (Testzahlung)' | 'Kartenzahlung' | 'Zahlung an der Theke' | 'Zahlung bei Lieferung'): Promise<void> {
  await page.getByRole('radio', { name, exact: true }).check();
}

export async function fillGuest(page: Page): Promise<void> {
  await page.getByLabel('Vollständiger Name').fill('Anna Schmidt');
  await page.getByLabel('E-Mail-Adresse').fill('anna@example.com');
  await page.getByLabel('Telefon').fill('040 1234567');
  await page.getByLabel('Telefon').blur();
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 40 1234567');
}

export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
}

export interface OperatorOrder {
  code: string;
  status: string;
  deliverType: string;
  table: { code: string; name: string } | null;
  payment: { price: number; method: string; state: string };
  promisedAt?: string | null;
}

/** What reached the restaurant, through the operator API. */
export async function operatorOrders(request: APIRequestContext, key: string): Promise<OperatorOrder[]> {
  const res = await request.get('/api/operator/orders?limit=200', { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: OperatorOrder[] }).data;
}

/** A guest's takeaway order, cash on pickup, for now when open; returns its code from the order page it lands on. */
export async function placeTakeawayOrder(page: Page): Promise<string> {
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  return /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
}

/** The staff side in a browser of its own (a 10-inch tablet in landscape), signed in as the owner. */
export async function staffSignIn(browser: Browser, path = '/staff'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE', hasTouch: true });
  const staff = await context.newPage();
  await staff.goto(path);
  await staff.getByLabel(/E-Mail/).fill(E2E_OWNER.email);
  await staff.getByLabel(/Passwort/).fill(E2E_OWNER.password);
  await staff.getByRole('button', { name: /Anmelden/ }).click();
  return staff;
}

/** The e2e server's data folder (playwright.config.ts): mail without SMTP lands in its outbox as .eml files. */
const OUTBOX = join(process.cwd(), Number(process.env.E2E_PORT ?? 3999) === 3999 ? '.e2e-data' : `.e2e-data-${process.env.E2E_PORT}`, 'outbox');

/** The decoded mails (quoted-printable) sent to `to`, in no particular order. */
export async function mailsTo(to: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((f) => readFile(join(OUTBOX, f), 'utf8')));
  return mails
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8')))
    .filter((mail) => mail.split(/\r?\n/).some((line) => line === `To: ${to}`));
}
