/**
 * Decision 045: the server renders the menu and the checkout, and a first visit hydrates that HTML
 * instead of building the page again. A device that holds something of its own (a cart here)
 * renders afresh over the server's page, and nothing of what it holds is lost on the way.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { cartButton, openHome } from './helpers';
import { whileClosedAllWeek } from './staff-api';

const TABLE = 'T05-ZDVN-N4ZC-H7BC';

/** Warnings the app writes when the server's page and the first render differed. */
function recordMismatches(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/server-rendered page differed|Hydration failed/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('a first visit hydrates the menu the server rendered; with a cart on the device the next load renders its own', async ({ page }) => {
  const mismatches = recordMismatches(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await openHome(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-render', 'hydrated');
  // The page's one inline script (early taps, number formats made ready) ran under the page's policy.
  expect(await page.evaluate(() => [Array.isArray((window as unknown as { __earlyTaps?: unknown }).__earlyTaps), (window as unknown as { __cspViolations: string[] }).__cspViolations])).toEqual([true, []]);
  // The app's code comes after what the first paint needs (decision 061): the entry and every chunk the page preloads.
  const scripts = (await (await page.request.get('/')).text()).match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);

  // Hydrated means working: the one-tap "+" of the server's markup adds the dish.
  const starters = page.getByRole('region', { name: 'Vorspeisen' });
  await starters.getByRole('button', { name: 'Bruschetta hinzufügen' }).click();
  await expect(cartButton(page)).toContainText('1');
  await expect(page.locator('.cart-bar')).toContainText('7,90 €');

  // Now the device holds a cart, which the server cannot see: its page is rendered afresh, the cart kept.
  await page.reload();
  await expect(html).toHaveAttribute('data-render', 'client');
  await expect(page.locator('.cart-bar')).toContainText('7,90 €');
  expect(mismatches).toEqual([]);
});

test('a first visit to the checkout hydrates its empty cart', async ({ page }) => {
  const mismatches = recordMismatches(page);
  await page.goto('/checkout');
  await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'hydrated');
  expect(mismatches).toEqual([]);
});

test("a table's QR code on a new phone: the table and its welcome are in the server's page, taken up without asking, and kept across a reload", async ({ page }) => {
  const mismatches = recordMismatches(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/tables/')) lookups.push(request.url());
  });
  // Before the app has started (its entry held back, as on a slow network), the page shows the table.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/?table=${TABLE}`, { waitUntil: 'commit' });
  await expect(page.locator('.table-banner')).toContainText('Tisch 5');
  await expect(page.getByText('Willkommen an Tisch 5')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-render', /.+/);
  // Rendered at the address the app routes it at (decision 049): no link carries the code on.
  await expect(page.locator('#root a[href*="table="]')).toHaveCount(0);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'hydrated');
  // The page's session is the one the app uses: no second lookup, the code leaves the address.
  await expect(page).toHaveURL((url) => !url.searchParams.has('table'));
  expect(lookups).toEqual([]);
  expect(mismatches).toEqual([]);
  await page.reload();
  await expect(page.locator('.table-banner')).toContainText('Tisch 5');
  await expect(page.getByText('Willkommen an Tisch 5')).toBeHidden();
  expect(lookups).toEqual([]);
});

test("a table's QR code while the restaurant is closed: one notice, the welcome's title over the closed notice, in the server's page, after hydration and in another language", async ({ page, request, browser }) => {
  await whileClosedAllWeek(request, async () => {
    const mismatches = recordMismatches(page);
    await page.goto(`/?table=${TABLE}`, { waitUntil: 'commit' });
    const notices = page.getByRole('status').locator('.toast');
    // Not two cards stacked over the header and the categories: the welcome's "we bring everything
    // to your table" is not true while the kitchen is closed.
    await expect(notices).toHaveCount(1);
    await expect(notices).toContainText('Willkommen an Tisch 5');
    await expect(notices).toContainText('Wir haben geschlossen');
    await expect(notices).not.toContainText('wir bringen alles an Ihren Tisch');
    await expect(page.locator('html')).toHaveAttribute('data-render', 'hydrated');
    await expect(notices).toHaveCount(1);
    await expect(page.locator('.table-banner')).toContainText('Tisch 5');
    expect(mismatches).toEqual([]);
    await notices.getByRole('button', { name: 'Schließen' }).click();
    await expect(notices).toHaveCount(0);
    // Told once per visit: a reload keeps the table and shows no notice again.
    await page.reload();
    await expect(page.locator('.table-banner')).toContainText('Tisch 5');
    await expect(page.locator('html')).toHaveAttribute('data-render', /hydrated|client/);
    await expect(notices).toHaveCount(0);

    // A second phone whose diner chose English: the page is rendered afresh in their language, and
    // the closed notice comes before the welcome; still one card, in the same order.
    const english = await browser.newContext({ ...devices['Pixel 7'], locale: 'de-DE' });
    try {
      await english.addInitScript(() => localStorage.setItem('lang', 'en'));
      const other = await english.newPage();
      await other.goto(`/?table=${TABLE}`);
      const card = other.getByRole('status').locator('.toast');
      await expect(card).toHaveCount(1);
      await expect(card.locator('.toast__lead')).toHaveText('Welcome to Tisch 5');
      await expect(card).toContainText('We are closed');
      await expect(card).not.toContainText('we bring everything');
    } finally {
      await english.close();
    }
  });
});

test('a table code the server does not know: the page brings no table, and the app says the code is not valid', async ({ page }) => {
  await page.goto('/?table=NOPE-0000-0000-0000');
  await expect(page.getByText('Dieser Tischcode ist ungültig')).toBeVisible();
  await expect(page.locator('.table-banner')).toHaveCount(0);
});

/**
 * Opens `/` with the entry script held back, as a slow network does, while the server's menu is on
 * screen; the returned function lets it through.
 */
async function openWithEntryHeld(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not `domcontentloaded`: that event waits for the module scripts.
  await page.goto('/', { waitUntil: 'commit' });
  return release;
}

test('a tap on the server’s "+" before the app has started is not lost: the dish is added once the page is live', async ({ page }) => {
  const release = await openWithEntryHeld(page);
  const add = page.getByRole('region', { name: 'Vorspeisen' }).getByRole('button', { name: 'Bruschetta hinzufügen' });
  await add.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-render', /.+/);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'hydrated');
  await expect(cartButton(page)).toContainText('1');
  await expect(page.locator('.cart-bar')).toContainText('7,90 €');
});

test('a category chip tapped before the app has started is not lost: the page stays, and jumps once it is live', async ({ page }) => {
  const release = await openWithEntryHeld(page);
  await page.locator('.category-chip', { hasText: 'Desserts' }).click();
  // Kept, not followed: the chip's link would have loaded the whole page again.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-render', /.+/);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'hydrated');
  await expect(page.getByRole('heading', { name: 'Desserts', level: 2 })).toBeInViewport();
});
