import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import {
  acceptTerms,
  addPizza,
  cartButton,
  chooseOrderType,
  chooseTime,
  fillGuest,
  goToCheckout,
  openHome,
  operatorOrders,
  waitForServiceWorker,
} from './helpers';
import { whileClosedAllWeek } from './staff-api';

/** The background save of the whole menu has finished with this outcome (the app marks it on <html>). */
async function menuSave(page: Page, outcome: 'saved' | 'current' | 'skipped'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-offline-menu', outcome, { timeout: 30_000 });
}

test('after one look at the home page, the whole menu, a dish, the cart and the checkout work offline', async ({ page, context, request }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  await menuSave(page, 'saved');

  // What the saved menu takes in storage (the persister's quota is a few MB).
  const stored = await page.evaluate(() => localStorage.getItem('query-cache')?.length ?? 0);
  test.info().annotations.push({ type: 'persisted query cache (characters)', description: String(stored) });
  expect(stored).toBeLessThan(1_000_000);

  // Once per catalog version: the next visit finds the save current and fetches no dish again.
  const detailCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/products\/categories\/\d+\/products\/\d+$/.test(new URL(r.url()).pathname)) detailCalls.push(r.url());
  });
  await page.reload();
  await menuSave(page, 'current');
  expect(detailCalls).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/offline/i).first()).toBeVisible();

  // Two categories, jumped to one after the other from the bar: each shows its own dishes.
  await page.getByRole('link', { name: 'Burger', exact: true }).click();
  const burger = page.getByRole('region', { name: 'Burger' });
  await expect(burger.getByRole('heading', { level: 2, name: 'Burger' })).toBeInViewport();
  await expect(burger.getByRole('link', { name: /Lindenhof Classic/ })).toBeVisible();
  await page.getByRole('link', { name: 'Hauptgerichte', exact: true }).click();
  const mains = page.getByRole('region', { name: 'Hauptgerichte' });
  await expect(mains.getByRole('heading', { level: 2, name: 'Hauptgerichte' })).toBeInViewport();
  await expect(mains.getByRole('link', { name: /Schnitzel Wiener Art/ })).toBeVisible();
  await expect(mains.getByRole('link', { name: /Lindenhof Classic/ })).toHaveCount(0);

  // Its pictures are on the device too, the gallery included (the precache leaves those out).
  const gallery = await page.locator('.gallery img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(gallery.length).toBeGreaterThan(0);
  const statuses = await page.evaluate((urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status)), gallery);
  expect(statuses.every((s) => s === 200)).toBe(true);

  // A dish from it, customised and added.
  await page.getByRole('link', { name: /Schnitzel Wiener Art/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Schnitzel Wiener Art' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Beilage/).selectOption({ label: 'Bratkartoffeln' });
  await dialog.getByRole('button', { name: /In den Warenkorb/ }).click();
  await expect(dialog).toBeHidden();
  await expect(cartButton(page)).toContainText('1');

  // The checkout opens although it was never opened online; card payment says it needs a connection.
  await goToCheckout(page);
  await chooseOrderType(page, 'Abholung');
  await fillGuest(page);
  await chooseTime(page, true);
  await acceptTerms(page);
  const card = page.getByRole('radio', { name: 'Karte (Testzahlung)' });
  await expect(card).toBeDisabled();
  await expect(card).toHaveAccessibleDescription(/Internetverbindung/);

  // Paying on site still works: the order waits on the phone and goes out once back online.
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen.*Zahlung an der Theke/ }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Bestellung wartet auf eine Verbindung' })).toBeVisible();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+/, { timeout: 30_000 });
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1];
  const placed = (await operatorOrders(request, E2E_OPERATOR_KEY)).filter((o) => o.code === code);
  expect(placed).toHaveLength(1);
  expect(placed[0]?.deliverType).toBe('takeaway');
  expect(placed[0]?.payment.method).toBe('cash');
});

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });
  test('the same journey fails at the offline reload, so the worker is what serves it', async ({ page, context }) => {
    await openHome(page);
    await context.setOffline(true);
    const error = await page.reload().then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message ?? '').toMatch(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
  });
});

test.describe('with Save-Data on', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    });
  });

  test('nothing is saved ahead; offline, a category never opened says so, and the checkout still opens', async ({ page, context }) => {
    const versionCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/products/version') versionCalls.push(r.url());
    });
    await openHome(page);
    await waitForServiceWorker(page);
    await menuSave(page, 'skipped');
    expect(versionCalls).toEqual([]);
    // Saving data, the menu loads the categories near what the diner reads, not all at once.
    await page.getByRole('link', { name: 'Pizza', exact: true }).click();
    await expect(page.getByRole('link', { name: /Pizza Margherita/ })).toBeVisible();

    // The connection drops: a category never loaded is named and said to be missing, never shown with other dishes.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Getränke', exact: true }).click();
    const drinks = page.getByRole('region', { name: 'Getränke' });
    await expect(drinks.getByRole('heading', { level: 2, name: 'Getränke' })).toBeVisible();
    await expect(drinks.getByRole('alert').filter({ hasText: 'nicht auf diesem Gerät gespeichert' })).toBeVisible();
    await expect(drinks.getByRole('link')).toHaveCount(0);
    // Back online, it loads on its own.
    await context.setOffline(false);
    await expect(drinks.getByRole('link', { name: /Apfelschorle/ })).toBeVisible();

    // Offline again, a dish seen before goes into the cart and the checkout opens, saying what it lacks.
    await context.setOffline(true);
    await addPizza(page);
    await goToCheckout(page);
    await expect(page.getByRole('status').filter({ hasText: 'Zahlungsarten sind auf diesem Gerät noch nicht gespeichert' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('radio', { name: 'Zahlung an der Theke' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Karte (Testzahlung)' })).toBeEnabled();
  });
});

test('offline, signing in and registering say they need a connection', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  // The footer's link, loaded once the diner scrolls near the end of the menu.
  await page.keyboard.press('End');
  await page.locator('footer.site-footer').getByRole('link', { name: 'Anmelden' }).click();
  const google = page.getByRole('button', { name: 'Weiter mit Google' });
  await expect(google).toBeEnabled();

  await context.setOffline(true);
  const login = page.getByRole('button', { name: 'Anmelden', exact: true });
  await expect(login).toBeDisabled();
  await expect(login).toHaveAccessibleDescription(/Für die Anmeldung benötigen Sie eine Internetverbindung/);
  await expect(google).toBeDisabled();
  await expect(google).toHaveAccessibleDescription(/Internetverbindung/);

  await page.getByRole('link', { name: /Registrieren/ }).first().click();
  const register = page.getByRole('button', { name: 'Registrieren', exact: true });
  await expect(register).toBeDisabled();
  await expect(register).toHaveAccessibleDescription(/Für die Registrierung benötigen Sie eine Internetverbindung/);

  await context.setOffline(false);
  await expect(register).toBeEnabled();
});

declare global {
  interface Window {
    /** What the page showed when a dish first appeared in it: ms since navigation, and the page's language then. */
    __firstDish?: { at: number; lang: string; name: string };
    /** Whether the loading overlay was shown at any moment of this page's life. */
    __overlayShown?: boolean;
  }
}

/** The kept menu page (decision 050), as the worker holds it. */
function keptPage(page: Page): Promise<string | null> {
  return page.evaluate(async () => (await (await caches.open('pages-v1')).match('/'))?.text() ?? null);
}

test('offline, the menu the server last rendered is on screen before any script has run, in the language the diner chose; the app then renders its own over it', async ({ page, context, request }) => {
  // Closed around the clock, whatever the hour of the run: the diner's first page greets them with
  // the closed notice and the next one with the popup page, neither of which may be kept (decision
  // 050); the worker's own copy is the plain menu all the same. The hours go back after.
  await whileClosedAllWeek(request, () => keptMenuJourney(page, context));
});

async function keptMenuJourney(page: Page, context: BrowserContext): Promise<void> {
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('data-greeting', 'closed');
  await waitForServiceWorker(page);
  await menuSave(page, 'saved');
  // Kept without what was this visit's own: the page's answers, the server's marks, the splash.
  const kept = (await keptPage(page)) ?? '';
  expect(kept).toContain('class="product-card__name"');
  expect(kept).toContain('<div id="root" data-kept-page>');
  expect(kept).not.toContain('id="first-screen"');
  expect(kept).not.toContain('class="splash"');
  expect(kept).not.toContain('Wir haben geschlossen');
  expect(kept).not.toContain('data-popup');

  // Before any script of the page: the first dish on screen, and the page's language at that moment.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const name = document.querySelector('.product-card__name');
      if (!name || window.__firstDish) return;
      window.__firstDish = { at: performance.now(), lang: document.documentElement.lang, name: name.textContent ?? '' };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    window.__overlayShown = false;
    new MutationObserver(() => {
      if (document.querySelector('.loading-overlay.is-visible')) window.__overlayShown = true;
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'client');
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  const first = await page.evaluate(() => ({ dish: window.__firstDish, start: performance.getEntriesByName('boot:start')[0]?.startTime ?? Number.NaN }));
  // The dish was in the page the worker answered with: on screen before the app had started.
  expect(first.dish?.at).toBeLessThan(first.start);
  expect(first.dish?.lang).toBe('de');
  // The app's render took the menu's place without a loading overlay over it.
  expect(await page.evaluate(() => window.__overlayShown)).toBe(false);
  // The app's own render took its place and works: the cart takes a dish offline.
  await page.getByRole('region', { name: 'Vorspeisen' }).getByRole('button', { name: 'Bruschetta hinzufügen' }).click();
  await expect(cartButton(page)).toContainText('1');

  // In English now: the next save keeps the English page, and the next offline start paints it.
  await context.setOffline(false);
  await page.reload();
  await menuSave(page, 'current');
  await page.locator('#language-header').selectOption('en');
  await menuSave(page, 'saved');
  expect(await keptPage(page)).toContain('<html lang="en"');
  await context.setOffline(true);
  await page.evaluate(() => (window.__firstDish = undefined));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-render', 'client');
  const english = await page.evaluate(() => window.__firstDish);
  expect(english?.lang).toBe('en');
  await expect(page.getByRole('region', { name: 'Starters' })).toBeVisible();
  // The cart came through both starts.
  await expect(cartButton(page)).toContainText('1');
}
