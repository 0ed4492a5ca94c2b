import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium-flags';

/**
 * Screenshots of the staff side with live orders on the board, at tablet, desktop and phone
 * sizes, in German and English: `BASE_URL=… OWNER_EMAIL=… OWNER_PASSWORD=… npx tsx scripts/staff-screenshots.ts [outDir]`.
 * It places a few orders through the API first (a server open for orders: set opening hours or
 * run it while open; scheduled orders are placed either way).
 */
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.argv[2] ?? 'screenshots';
const owner = { email: process.env.OWNER_EMAIL ?? '', password: process.env.OWNER_PASSWORD ?? '' };
const xsrf = 'screens-xsrf-token-0123456789abcdefghijkl';
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'accept-language': 'de' };

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}/api${path}`, { ...init, headers: { ...headers, ...(init?.headers as Record<string, string>) } });
  return ((await res.json()) as { data: T }).data;
}

function friday(days: number): string {
  for (let d = days; d < days + 8; d++) {
    const date = new Date(Date.now() + d * 86_400_000);
    if (date.getUTCDay() === 5) return `${date.toISOString().slice(0, 10)}T19:00`;
  }
  throw new Error('no Friday');
}

type Product = { id: number; name: string; sizes: { id: number }[]; variants: { id: number; required: boolean; options: { id: number }[] }[] };
const categories = await json<{ id: number }[]>('/products/categories');
const products = (await Promise.all(categories.map((c) => json<Product[]>(`/products/categories/${c.id}/products`)))).flat();
const line = (p: Product, qty = 1) => ({
  type: 'productItem',
  productId: p.id,
  sizeId: p.sizes[0]?.id,
  qty,
  options: Object.fromEntries(p.variants.filter((v) => v.required).map((v) => [v.id, [v.options[0]?.id]])),
  extraIds: [],
});
const guests = ['Anna Schmidt', 'Jonas Weber', 'Leyla Yılmaz', 'Piotr Nowak'];
for (const [i, name] of guests.entries()) {
  const body = {
    items: [line(products[(i * 7) % products.length] as Product, 2), line(products[(i * 11 + 3) % products.length] as Product)],
    name,
    email: `guest${i}@example.org`,
    phone: '+49 40 1234567',
    deliverType: i === 3 ? 'curbside' : 'takeaway',
    car: i === 3 ? 'rot, VW Golf, HH-AB 123' : '',
    deliverAt: 'later',
    deliverDate: friday(i === 2 ? 9 : 2),
    notes: i === 0 ? 'Bitte ohne Zwiebeln, Allergie!' : '',
    tip: 0,
    terms: true,
    paymentType: 'cash',
  };
  await fetch(`${base}/api/checkout/v2`, { method: 'POST', headers: { ...headers, 'idempotency-key': `screens-${Date.now()}-${i}-0123456789` }, body: JSON.stringify(body) });
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const sizes = { tablet: { width: 1280, height: 800 }, portrait: { width: 800, height: 1280 }, desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
for (const lang of ['de', 'en']) {
  for (const [name, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    const page = await context.newPage();
    const shot = (label: string, fullPage = false) => page.screenshot({ path: `${out}/staff-${lang}-${name}-${label}.png`, fullPage });
    await page.goto(`${base}/staff`);
    await page.waitForSelector('input[name=email]');
    await shot('signin');
    await page.fill('input[name=email]', owner.email);
    await page.fill('input[name=password]', owner.password);
    await page.locator('button[type=submit]').click();
    await page.waitForSelector('.staff-columns');
    await page.waitForTimeout(800);
    await shot('board');
    await page.locator('.staff-button--start').click();
    await page.locator('.staff-service__controls summary').click();
    await page.locator('.staff-order .staff-button--reject').first().click();
    await page.waitForTimeout(300);
    await shot('board-actions', true);
    await page.locator('.staff-nav__tabs a').nth(1).click();
    await page.waitForSelector('.staff-switch');
    await shot('sold-out');
    await page.locator('.staff-nav__tabs a').nth(2).click();
    await page.waitForSelector('.staff-qr-card img');
    await page.waitForTimeout(500);
    await shot('tables');
    await page.locator('.staff-nav__tabs a').nth(3).click();
    await page.waitForSelector('.staff-table');
    await shot('team');
    await page.locator('.staff-nav__tabs a').nth(4).click();
    await page.waitForTimeout(500);
    await shot('log');
    await context.close();
  }
}
await browser.close();
console.log(`Staff screenshots in ${out}/`);
