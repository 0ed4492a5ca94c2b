import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium-flags';

/**
 * Screenshots of the order tracker (takeaway accepted, delivery ready, curbside before and after
 * "I'm here") at 360, 390, 412 and 1280 px in German and English, and of the staff board with a
 * guest waiting outside at 1280 and 800 px:
 * `BASE_URL=… OWNER_EMAIL=… OWNER_PASSWORD=… npx tsx scripts/tracker-screenshots.ts [outDir]`.
 * Orders are placed through the API for Friday evening, so the restaurant need not be open.
 */
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.argv[2] ?? 'screenshots';
const owner = { email: process.env.OWNER_EMAIL ?? '', password: process.env.OWNER_PASSWORD ?? '' };
const xsrf = 'screens-xsrf-token-0123456789abcdefghijkl';
const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'accept-language': 'de' };

async function api<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
  // A body-less POST must not claim JSON: Fastify refuses an empty JSON body.
  const sent = body === undefined ? { ...headers, ...extra } : { ...headers, 'content-type': 'application/json', ...extra };
  const res = await fetch(`${base}/api${path}`, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

function friday(): string {
  for (let d = 2; d < 10; d++) {
    const date = new Date(Date.now() + d * 86_400_000);
    if (date.getUTCDay() === 5) return `${date.toISOString().slice(0, 10)}T19:00`;
  }
  throw new Error('no Friday');
}

type Product = { id: number; name: string; sizes: { id: number }[]; variants: { id: number; required: boolean; options: { id: number }[] }[] };
type Placed = { order: { code: string }; accessKey: string };
const categories = await api<{ id: number }[]>('GET', '/products/categories');
const products = (await Promise.all(categories.map((c) => api<Product[]>('GET', `/products/categories/${c.id}/products`)))).flat();
const areas = await api<{ id: number; name: string }[]>('GET', '/areas');
const line = (p: Product, qty = 1) => ({
  type: 'productItem',
  productId: p.id,
  sizeId: p.sizes[0]?.id,
  qty,
  options: Object.fromEntries(p.variants.filter((v) => v.required).map((v) => [v.id, [v.options[0]?.id]])),
  extraIds: [],
});
const named = (name: string) => products.find((p) => p.name === name) ?? (products[0] as Product);

const place = (extra: Record<string, unknown>, i: number) =>
  api<Placed>(
    'POST',
    '/checkout/v2',
    {
      items: [line(named('Pizza Margherita'), 2), line(named('Tiramisu'))],
      name: 'Anna Schmidt',
      email: `tracker${i}@example.org`,
      phone: '+49 40 1234567',
      deliverAt: 'later',
      deliverDate: friday(),
      notes: '',
      tip: 0,
      terms: true,
      paymentType: 'cash',
      ...extra,
    },
    { 'idempotency-key': `tracker-shots-${Date.now()}-${i}-0123456789` },
  );

const eppendorf = areas.find((a) => a.name === 'Eppendorf') ?? areas[0];
const takeaway = await place({ deliverType: 'takeaway' }, 1);
const delivery = await place({ deliverType: 'delivery', areaId: eppendorf?.id, address: 'Eppendorfer Landstraße 1', zipcode: '20249', extras: '3. Stock, bei Weber' }, 2);
const curbside = await place({ deliverType: 'curbside', car: 'rot, VW Golf, HH-AB 123' }, 3);
const waiting = await place({ deliverType: 'curbside', car: 'silberner Škoda Octavia Kombi, HH-LH 4711' }, 4);

const staff = await api<{ token: string }>('POST', '/staff/login', owner);
const asStaff = { authorization: `Bearer ${staff.token}` };
for (const o of [takeaway, delivery, curbside, waiting]) await api('POST', `/staff/orders/${o.order.code}/accept`, { minutes: 20 }, asStaff);
await api('POST', `/staff/orders/${delivery.order.code}/ready`, undefined, asStaff);
await api('POST', `/orders/${waiting.order.code}/arrived`, undefined, { 'x-order-key': waiting.accessKey });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

for (const lang of ['de', 'en']) {
  for (const width of [360, 390, 412, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 900 : 844 }, deviceScaleFactor: 1, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    const shot = async (o: Placed, label: string) => {
      await page.goto(`${base}/orders/${o.order.code}?key=${o.accessKey}`);
      await page.waitForSelector('.tracker');
      if (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/tracker-${lang}-${width}-${label}.png`, fullPage: true });
    };
    await shot(takeaway, 'takeaway');
    await shot(delivery, 'delivery');
    await shot(curbside, 'curbside');
    await context.close();
  }
}

// "I'm here" for the curbside order, then its page once told.
await api('POST', `/orders/${curbside.order.code}/arrived`, undefined, { 'x-order-key': curbside.accessKey });
for (const lang of ['de', 'en']) {
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 900 : 844 }, deviceScaleFactor: 1 });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    await page.goto(`${base}/orders/${curbside.order.code}?key=${curbside.accessKey}`);
    await page.waitForSelector('.arrival--told');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/tracker-${lang}-${width}-curbside-told.png`, fullPage: true });
    await context.close();
  }
}

for (const lang of ['de', 'en']) {
  for (const [name, viewport] of Object.entries({ tablet: { width: 1280, height: 800 }, portrait: { width: 800, height: 1280 } })) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript(([l, token]) => {
      localStorage.setItem('staff-lang', l);
      localStorage.setItem('staff-token', token);
    }, [lang, staff.token] as const);
    const page = await context.newPage();
    await page.goto(`${base}/staff`);
    await page.waitForSelector('.staff-arrival');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/staff-${lang}-${name}-arrival.png` });
    await context.close();
  }
}
await browser.close();
console.log(`Tracker screenshots in ${out}/`);
