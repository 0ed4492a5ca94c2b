import { chromium } from 'playwright-core';

/**
 * Screenshots of each screen at phone and desktop sizes, for a person to look at:
 * `BASE_URL=http://localhost:3000 npx tsx scripts/screenshots.ts [outDir]`.
 */
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.argv[2] ?? 'screenshots';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shot = async (label: string, fullPage = false) => page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage });
  await page.goto(`${base}/`);
  await page.waitForSelector('.category-tile');
  await page.waitForTimeout(600);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await shot('home');
  await page.locator('.category-tile').nth(3).click();
  await page.waitForSelector('.category__header');
  await page.waitForTimeout(500);
  await shot('category', true);
  await page.locator('.product-card__link').first().click();
  await page.waitForSelector('dialog[open]');
  await page.waitForTimeout(400);
  await shot('product');
  await page.getByRole('button', { name: /in den warenkorb|add to cart/i }).click();
  await page.waitForTimeout(300);
  await shot('added');
  await page.locator('.cart-button').click();
  await page.waitForTimeout(400);
  await shot('cart');
  await page.keyboard.press('Escape');
  await page.goto(`${base}/?menus=true`);
  await page.waitForSelector('.product-card');
  await page.locator('.product-card__link').first().click();
  await page.waitForSelector('dialog[open]');
  await page.waitForTimeout(300);
  await shot('menu');
  await page.goto(`${base}/contact`);
  await page.waitForTimeout(800);
  await shot('contact', true);

  // Checkout as a guest (the cart holds the dish added above), a card payment, the order page.
  await page.goto(`${base}/checkout`);
  await page.waitForSelector('.checkout');
  await page.selectOption('#checkout-deliverType', 'delivery');
  await page.fill('#checkout-name', 'Anna Schmidt');
  await page.fill('#checkout-email', 'anna@example.com');
  await page.fill('#checkout-phone', '040 1234567');
  await page.selectOption('#checkout-areaId', { index: 2 });
  await page.fill('#checkout-address', 'Eppendorfer Weg 12');
  await page.locator('#checkout-address').blur();
  await page.waitForTimeout(300);
  await shot('checkout', true);
  await page.selectOption('#checkout-deliverType', 'takeaway');
  if (await page.locator('#checkout-deliverAt').isDisabled()) {
    await page.getByRole('radio').nth(1).check();
    const friday = [...Array(9).keys()].map((d) => new Date(Date.now() + (d + 2) * 86_400_000)).find((d) => d.getUTCDay() === 5);
    await page.fill('#checkout-deliverDate', `${friday?.toISOString().slice(0, 10)}T19:00`);
  }
  await page.locator('#checkout-terms').check();
  await page.locator('.payment-buttons .button--ghost').click();
  await page.waitForSelector('.sandbox-pay__amount');
  await shot('sandbox-pay');
  await page.locator('.sandbox-pay__actions .button').first().click();
  await page.waitForSelector('.order-detail');
  await page.waitForTimeout(500);
  await shot('order', true);

  await page.goto(`${base}/?table=T02-2AZ8`);
  await page.waitForSelector('.table-banner');
  await page.waitForTimeout(500);
  await shot('table');
  await context.close();
}
await browser.close();
