/**
 * Zero axe-core violations (WCAG 2.0–2.2, A and AA) on every storefront screen a diner meets, in
 * German and in Arabic (right to left): the menu, its dialogs and drawers, the checkout with and
 * without errors, the order page, the account pages, contact, reservation, content pages, the
 * footer, the branch choice and the closed page. Every violation is printed with its rule, impact,
 * target and the screen it was on; the run ends with a table of rules passed / violated per screen.
 *
 * The screens are reached by addresses and by language-independent handles (ids, classes), so one
 * walk serves both languages.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BRANCH_HUB, E2E_OPERATOR_KEY } from '../../playwright.config';
import type { Category, Menu, Product } from '../../src/shared/contract/catalog';
import { fridayEvening } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const LANGS = ['de', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };

interface Row {
  lang: Lang;
  screen: string;
  passes: number;
  violations: number;
}
/**
 * The figures go to a file beside the run's results, since a failed test restarts the worker and
 * its memory; the last worker's afterAll prints the whole table.
 */
const ROWS = join('test-results', 'a11y-storefront-rows.jsonl');

test.afterAll(async () => {
  const rows = (await readFile(ROWS, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
  const screens = [...new Set(rows.map((r) => r.screen))];
  const cell = (lang: Lang, screen: string) => {
    const r = rows.find((x) => x.lang === lang && x.screen === screen);
    return r ? `${r.passes} / ${r.violations}` : '–';
  };
  const lines = ['screen | de passed / violations | ar passed / violations', '--- | --- | ---'];
  for (const s of screens) lines.push(`${s} | ${cell('de', s)} | ${cell('ar', s)}`);
  console.log(`\naxe (${TAGS.join(', ')}):\n${lines.join('\n')}\n`);
});

/**
 * Waits until the screen has stopped moving: no loader, web fonts in, no running animation or
 * transition (a dialog sliding in is half transparent, and axe would measure its faded colours).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('.loading-overlay.is-visible, [aria-busy="true"]:visible')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Endless ones (a spinner, a pulsing dot) never finish; only the finite ones are waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

async function scan(page: Page, lang: Lang, screen: string): Promise<void> {
  const t0 = Date.now();
  await settle(page);
  const t1 = Date.now();
  // Passing rules are counted, not listed node by node: that keeps each scan quick. (`options`
  // replaces the whole options object, so it comes before `withTags`, which adds to it.)
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations', 'incomplete'] }).withTags(TAGS).analyze();
  if (process.env.A11Y_INCOMPLETE) {
    for (const v of result.incomplete) {
      for (const n of v.nodes) console.log(`  needs review [${lang}] ${screen}: ${v.id} at ${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? null)}`);
    }
  }
  const row: Row = { lang, screen, passes: result.passes.length, violations: result.violations.length };
  await mkdir(dirname(ROWS), { recursive: true });
  await appendFile(ROWS, `${JSON.stringify(row)}\n`);
  const found = result.violations.flatMap((v) =>
    v.nodes.map((n) => `[${lang}] ${screen} (${page.url()}): ${v.id} (${v.impact ?? '?'}) at ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`),
  );
  if (process.env.A11Y_TIMING) console.log(`${lang} ${screen}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  if (found.length) console.log(found.join('\n'));
  expect.soft(found, `axe violations on ${screen} in ${lang}`).toEqual([]);
}

/** The diner's language and a session that has already seen the greeting popups. */
async function prepare(page: Page, lang: Lang, popups = false): Promise<void> {
  await page.addInitScript(
    ({ lang, popups }) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
      if (!popups) {
        sessionStorage.setItem('popup-seen', JSON.stringify(Array.from({ length: 50 }, (_, i) => i + 1)));
        sessionStorage.setItem('closed-notice-seen', '1');
      }
    },
    { lang, popups },
  );
}

async function catalog(request: APIRequestContext) {
  const get = async <T,>(path: string) => ((await (await request.get(path, { headers: { 'accept-language': 'de' } })).json()) as { data: T }).data;
  const categories = await get<Category[]>('/api/products/categories');
  const pizza = categories.find((c) => c.name === 'Pizza');
  if (!pizza) throw new Error('seed changed: Pizza');
  const pizzas = await get<Product[]>(`/api/products/categories/${pizza.id}/products`);
  const margherita = pizzas.find((p) => p.name === 'Pizza Margherita');
  const combo = (await get<Menu[]>('/api/products/menus')).find((m) => m.name === 'Burger-Menü');
  const pages = await get<{ id: number; name: string }[]>('/api/pages');
  if (!margherita || !combo || !pages[0]) throw new Error('seed changed: Margherita, Burger-Menü or pages');
  return { pizza: pizza.id, margherita: margherita.id, combo: combo.id, page: pages[0].id };
}

const openDialog = (page: Page) => page.locator('dialog[open]').last();

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

for (const lang of LANGS) {
  test.describe(`storefront in ${lang}`, () => {
    // A dozen scans of a few seconds each, on a phone-sized page.
    test.describe.configure({ timeout: 120_000 });
    test(`menu, dialogs and drawers (${lang})`, async ({ page, request }) => {
      const ids = await catalog(request);
      await prepare(page, lang, true);

      // The content page the home page greets with, as a modal.
      await page.goto(`/?page=${ids.page}`);
      await expect(openDialog(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await scan(page, lang, 'content page modal');
      await closeDialog(page);

      await expect(page.locator('.category-chip').first()).toBeVisible();
      await scan(page, lang, 'home / menu (top)');

      // Scrolled to the end: the header collapsed, the category bar stuck, the footer loaded.
      await page.mouse.wheel(0, 2500);
      await page.locator('.footer-spot, .site-footer').last().scrollIntoViewIfNeeded();
      await expect(page.locator('.site-footer')).toBeVisible();
      await page.locator('.site-footer').scrollIntoViewIfNeeded();
      await scan(page, lang, 'home / menu (scrolled) + footer');

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('#menu-search').fill('pizza');
      await expect(page.locator('.search-results')).toBeVisible();
      await scan(page, lang, 'home / menu (search)');
      await page.locator('#menu-search').fill('');

      // A dish with required choices and extras.
      await page.goto(`/?category=${ids.pizza}&product=${ids.margherita}`);
      await expect(openDialog(page).locator('.add-button')).toBeVisible();
      await scan(page, lang, 'product dialog');
      await openDialog(page).locator('.add-button').click();
      await expect(page.locator('dialog[open]')).toHaveCount(0);

      // A combo menu, before anything is chosen.
      await page.goto(`/?menu=${ids.combo}`);
      await expect(openDialog(page).locator('.add-button')).toBeVisible();
      await scan(page, lang, 'combo dialog');
      await closeDialog(page);

      // The side menu (a drawer) and the reservation modal it opens.
      await page.locator('.site-header__burger').click();
      await expect(openDialog(page)).toBeVisible();
      await scan(page, lang, 'side menu drawer');
      await openDialog(page).locator('button[aria-haspopup="dialog"]').click();
      await expect(openDialog(page).locator('form')).toBeVisible();
      await scan(page, lang, 'reservation modal');
      const reservation = openDialog(page);
      await reservation.locator('button[type="submit"]').click();
      await scan(page, lang, 'reservation modal (errors)');
      await closeDialog(page);

      // The cart drawer with the pizza in it.
      await expect(page.locator('.cart-button__badge')).toHaveText('1');
      await page.locator('.cart-button').click();
      await expect(openDialog(page)).toBeVisible();
      await scan(page, lang, 'cart drawer');
    });

    test(`checkout and the order page (${lang})`, async ({ page }) => {
      await prepare(page, lang);
      await page.goto('/');
      await expect(page.locator('.category-chip').first()).toBeVisible();
      await page.locator('button.add-control').first().click();
      await expect(page.locator('.cart-button__badge')).toBeVisible();
      // The "added to your cart" notice and the cart bar over the menu.
      await expect(page.locator('.added-notice.is-visible')).toBeVisible();
      await scan(page, lang, 'home / menu (added notice, cart bar)');
      await page.locator('.cart-button').click();
      await openDialog(page).locator('.button--block').last().click();
      // Guests are asked whether to sign in first.
      const question = openDialog(page);
      await expect(question.locator('.button--ghost')).toBeVisible();
      await scan(page, lang, 'guest or sign-in question');
      await question.locator('.button:not(.button--ghost)').click();
      await expect(page).toHaveURL(/\/checkout/);
      await expect(page.locator('#checkout-name')).toBeVisible();
      await scan(page, lang, 'checkout (empty)');

      await page.getByTestId('pay-bar').getByRole('button').click();
      await expect(page.locator('.checkout [aria-invalid="true"]').first()).toBeVisible();
      await scan(page, lang, 'checkout (errors)');

      await page.locator('input[name="deliverType"][value="takeaway"]').check();
      await page.locator('#checkout-name').fill('Anna Schmidt');
      await page.locator('#checkout-email').fill('anna@example.com');
      await page.locator('#checkout-phone').fill('040 1234567');
      await page.locator('#checkout-phone').blur();
      await expect(page.locator('#checkout-phone')).toHaveValue('+49 40 1234567');
      const later = page.locator('input[name="deliverAt"][value="later"]');
      if (!(await page.locator('input[name="deliverAt"][value="now"]:enabled').count()) && (await later.count())) {
        await later.check();
        await page.locator('#checkout-deliverDate').fill(fridayEvening());
      }
      await page.locator('#checkout-terms').check();
      await scan(page, lang, 'checkout (filled)');

      await page.getByTestId('pay-bar').getByRole('button').click();
      await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
      await expect(page.locator('h1').first()).toBeVisible();
      await scan(page, lang, 'order page (pay on site)');

      // A guest finds the order again in the device's list.
      await page.goto('/orders');
      await expect(page.locator('h1').first()).toBeVisible();
      await scan(page, lang, '/orders (guest device list)');
    });

    test(`sign-in, register, reset password and the account pages (${lang})`, async ({ page }) => {
      await prepare(page, lang);
      await page.goto('/login');
      await expect(page.locator('input[type="password"]').first()).toBeVisible();
      await scan(page, lang, 'login');
      await page.locator('form button[type="submit"]').first().click();
      await scan(page, lang, 'login (errors)');

      await page.goto('/register');
      await expect(page.locator('input[type="password"]').first()).toBeVisible();
      await scan(page, lang, 'register');
      await page.locator('form button[type="submit"]').last().click();
      await scan(page, lang, 'register (errors)');

      await page.goto('/reset-password');
      await expect(page.locator('input[type="email"]').first()).toBeVisible();
      await scan(page, lang, 'reset password');

      // A customer of our own, signed in through the API the forms use.
      const email = `a11y.${lang}.${Date.now().toString(36)}@example.com`;
      const token = await page.evaluate(async (email) => {
        const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
          body: JSON.stringify({ name: 'Paula Pohl', email, phone: '+49 40 7654321', password: 'kartoffel-salat-7', password_confirmation: 'kartoffel-salat-7', terms: true }),
        });
        return ((await res.json()) as { data: { token: string } }).data.token;
      }, email);
      await page.evaluate((token) => localStorage.setItem('token', token), token);

      await page.goto('/me/my-profile');
      await expect(page.locator('input[autocomplete="name"]').first()).toHaveValue('Paula Pohl');
      await scan(page, lang, '/me/my-profile');

      await page.goto('/me/my-addresses');
      await expect(page.locator('h1').first()).toBeVisible();
      await scan(page, lang, '/me/my-addresses (list)');
      await page.goto('/me/my-addresses/create');
      await expect(page.locator('form').first()).toBeVisible();
      await scan(page, lang, '/me/my-addresses/create');

      await page.goto('/me/my-orders');
      await expect(page.locator('h1').first()).toBeVisible();
      await scan(page, lang, '/me/my-orders');

      await page.goto('/me/my-transactions/transaction-history');
      await expect(page.locator('h1').first()).toBeVisible();
      await scan(page, lang, '/me/my-transactions/transaction-history');
    });

    test(`contact with errors (${lang})`, async ({ page }) => {
      await prepare(page, lang);
      await page.goto('/contact');
      const form = page.locator('form').first();
      await expect(form).toBeVisible();
      await scan(page, lang, '/contact');
      await form.locator('input[type="email"]').fill('erika@');
      await form.locator('input[type="email"]').blur();
      await form.locator('input').first().focus();
      await form.locator('input').first().blur();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await scan(page, lang, '/contact (errors)');
    });

    test(`closed restaurant: /unavailable (${lang})`, async ({ page, request }) => {
      await prepare(page, lang);
      const set = (value: string) => request.put('/api/operator/settings/RESTAURANT_ACTIVE', { headers: operator, data: { value } });
      expect((await set('')).status()).toBe(200);
      try {
        await page.goto('/unavailable');
        await expect(page).toHaveURL(/\/unavailable/);
        await expect(page.locator('h1')).toBeVisible();
        await scan(page, lang, '/unavailable');
      } finally {
        expect((await set('1')).status()).toBe(200);
      }
    });

    test(`branch choice: /select-branch (${lang})`, async ({ page, request }) => {
      const set = (value: string) => request.put(`${BRANCH_HUB}/api/operator/settings/BRANCHES_ENABLED`, { headers: operator, data: { value } });
      expect((await set('1')).status()).toBe(200);
      try {
        await prepare(page, lang);
        await page.goto(`${BRANCH_HUB}/`);
        await expect(page).toHaveURL(`${BRANCH_HUB}/select-branch`);
        await expect(page.locator('select').first()).toBeVisible();
        await scan(page, lang, '/select-branch');
      } finally {
        expect((await set('0')).status()).toBe(200);
      }
    });
  });
}
