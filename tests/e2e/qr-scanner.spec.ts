import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium-flags';
import { qrPicture, writeY4m } from './camera-video';
import { acceptTerms, addPizza, chooseTime, goToCheckout, openHome, operatorOrders, waitForServiceWorker } from './helpers';

/** What the scanner is made of: its dialog's chunk and the decoder's wasm. */
const SCANNER_FILE = /\/assets\/(ScanDialog-[^/]*\.js|zxing_reader-[^/]*\.wasm)$/;

const folder = mkdtempSync(join(tmpdir(), 'qr-camera-'));
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A Chromium whose camera films `text` as a QR code, permission granted as a diner would. */
async function browserFilming(text: string, name: string): Promise<Browser> {
  const video = join(folder, `${name}.y4m`);
  writeY4m(video, qrPicture(text));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  return context.newPage();
}

/** Requests of the page itself to other hosts: the scanner must never reach a CDN. */
function foreignRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) seen.push(r.url());
  });
  return seen;
}

test('a diner scans the table code with the app, joins the table, and the order goes to that table', async ({ request, baseURL }) => {
  // The real link the server prints for table 11, as a QR code in front of the fake camera.
  const sheet = (await (await request.get('/api/operator/tables', { headers: { authorization: `Bearer ${E2E_OPERATOR_KEY}` } })).json()) as {
    data: { code: string; name: string; link: string }[];
  };
  const table = sheet.data.find((t) => t.code.startsWith('T11-'));
  if (!table) throw new Error('no table 11 in the seed');
  expect(table.link).toBe(`${baseURL}/?table=${table.code}`);
  const browser = await browserFilming(table.link, 'table-11');
  try {
    const page = await phonePage(browser, baseURL);
    const foreign = foreignRequests(page, baseURL ?? '');
    await openHome(page);
    await expect(page.locator('.table-banner')).toHaveCount(0);

    await page.getByRole('button', { name: 'Tischcode scannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tischcode scannen' });
    await expect(dialog).toBeVisible();

    // Read from the camera: the session starts, the dialog closes, the diner is welcomed at the table.
    await expect(page.locator('.table-banner')).toContainText(`Sie bestellen an ${table.name}`, { timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`Willkommen an ${table.name}`)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('table'))).toBe(table.code);
    // The camera is off again once the dialog has closed.
    expect(await page.evaluate(() => document.querySelector('video') === null)).toBe(true);

    // An order from here goes to that table.
    await addPizza(page);
    await goToCheckout(page, false);
    await expect(page.getByRole('heading', { name: 'Bestellpräferenzen' })).toBeVisible();
    await chooseTime(page);
    await acceptTerms(page);
    await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung am Tisch/ }).click();
    await expect(page).toHaveURL(/\/orders\//);
    await expect(page.getByText(`Am Tisch: ${table.name}`)).toBeVisible();
    const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1];
    const order = (await operatorOrders(request, E2E_OPERATOR_KEY)).find((o) => o.code === code);
    expect(order?.table?.code).toBe(table.code);
    expect(order?.deliverType).toBe('table');

    expect(foreign).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a QR code that is not one of our tables is named as such, and the scanner keeps looking', async ({ baseURL }) => {
  const browser = await browserFilming('https://example.com/?table=T11-VQHT-2S32-PFQ4', 'foreign');
  try {
    const page = await phonePage(browser, baseURL);
    await openHome(page);
    await page.getByRole('button', { name: 'Tischcode scannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tischcode scannen' });
    await expect(dialog.getByText('Richten Sie die Kamera auf den QR-Code auf Ihrem Tisch.', { exact: false })).toBeVisible();
    await expect(dialog.getByTestId('scanner-status')).toHaveText(/Dieser QR-Code gehört zu keinem unserer Tische/, { timeout: 20_000 });
    // Still scanning, no table joined; Escape closes like every dialog.
    await expect(dialog.locator('video')).toBeVisible();
    await expect(page.locator('.table-banner')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('table'))).toBeNull();
  } finally {
    await browser.close();
  }
});

test('a code of ours for a table we do not know says so once, and the scanner keeps looking', async ({ baseURL }) => {
  const browser = await browserFilming(`${baseURL}/?table=T99-AAAA-BBBB-CCCC`, 'unknown');
  try {
    const page = await phonePage(browser, baseURL);
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/tables/')) lookups.push(r.url());
    });
    await openHome(page);
    await page.getByRole('button', { name: 'Tischcode scannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tischcode scannen' });
    await expect(dialog.getByTestId('scanner-status')).toHaveText('Diesen Tischcode kennen wir nicht. Bitte fragen Sie unser Personal.', { timeout: 20_000 });
    // The camera keeps seeing the code; the server is not asked again (each lookup counts against the limit).
    await page.waitForTimeout(1_500);
    expect(lookups).toHaveLength(1);
    await expect(dialog.locator('video')).toBeVisible();
    await expect(page.locator('.table-banner')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tischcode scannen' })).toBeFocused();
  } finally {
    await browser.close();
  }
});

test('the first page loads no byte of the scanner; the first tap loads it from our own server', async ({ browser, baseURL }) => {
  // As `npm run size` measures a first visit: the worker's precache is not the page's download.
  const context = await browser.newContext({ baseURL, locale: 'de-DE', serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await openHome(page);
  await page.waitForTimeout(1_000);
  expect(loaded.filter((p) => SCANNER_FILE.test(p))).toEqual([]);

  // The same watch sees them as soon as the diner asks for the scanner (the test can fail).
  await page.getByRole('button', { name: 'Tischcode scannen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tischcode scannen' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => loaded.filter((p) => SCANNER_FILE.test(p)).length).toBe(2);
  // This browser has no camera at all: the diner is told, with what to do instead.
  await expect(dialog.getByRole('alert')).toHaveText(/Auf diesem Gerät wurde keine Kamera gefunden/);
  await context.close();
});

test('installed, the scanner reads a code offline; joining waits for the network like the printed link', async ({ request, baseURL }) => {
  const sheet = (await (await request.get('/api/operator/tables', { headers: { authorization: `Bearer ${E2E_OPERATOR_KEY}` } })).json()) as {
    data: { code: string; name: string; link: string }[];
  };
  const table = sheet.data.find((t) => t.code.startsWith('T12-'));
  if (!table) throw new Error('no table 12 in the seed');
  const browser = await browserFilming(table.link, 'table-12');
  try {
    const page = await phonePage(browser, baseURL);
    await openHome(page);
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.locator('.category-chip').first()).toBeVisible();

    // The dialog, its strings and the wasm come from the worker's precache: the camera's code is read.
    await page.getByRole('button', { name: 'Tischcode scannen' }).click();
    await expect(page.getByRole('dialog', { name: 'Tischcode scannen' })).toBeVisible();
    // The code read, the printed link's path takes over: the code waits in the address, the diner is told why.
    await expect(page).toHaveURL(new RegExp(`table=${table.code}`), { timeout: 20_000 });
    await expect(page.getByText('Bitte stellen Sie eine Internetverbindung her, um an diesem Tisch zu bestellen.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tischcode scannen' })).toHaveCount(0);
    await expect(page.locator('.table-banner')).toHaveCount(0);

    // Back online, the same address joins the table, as the printed link would.
    await page.context().setOffline(false);
    await page.reload();
    await expect(page.locator('.table-banner')).toContainText(`Sie bestellen an ${table.name}`);
  } finally {
    await browser.close();
  }
});

test('a diner who refuses the camera is told how to allow it, and can try again', async ({ baseURL }) => {
  // A camera exists, but the permission prompt is answered "block".
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  });
  try {
    const page = await phonePage(browser, baseURL);
    await openHome(page);
    await page.getByRole('button', { name: 'Tischcode scannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tischcode scannen' });
    await expect(dialog.getByRole('alert')).toHaveText(/Der Kamerazugriff wurde abgelehnt/);
    await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/Der Kamerazugriff wurde abgelehnt/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
