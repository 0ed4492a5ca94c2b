import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { cartButton, openHome, waitForServiceWorker } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** The chip the sticky bar marks as the section being read. */
const currentChip = (page: Page) => page.locator('.category-chip[aria-current="true"]');

/** Resolves once the page has not scrolled for half a second. */
function scrollSettled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, 500);
        addEventListener('scroll', () => {
          clearTimeout(timer);
          timer = setTimeout(resolve, 500);
        });
      }),
  );
}

/** Pixels between the stuck bar's bottom and a section's heading: negative when the bar hides it. */
async function gapUnderBar(bar: Locator, heading: Locator): Promise<number> {
  const barBox = await bar.boundingBox();
  const headingBox = await heading.boundingBox();
  return barBox && headingBox ? Math.round(headingBox.y - (barBox.y + barBox.height)) : -1;
}

test('the sticky category bar jumps to a category and follows the scroll', async ({ page }) => {
  await openHome(page);
  const bar = page.getByRole('navigation', { name: 'Kategorien' });
  await bar.getByRole('link', { name: 'Desserts', exact: true }).click();

  const heading = page.getByRole('heading', { level: 2, name: 'Desserts' });
  await expect(heading).toBeInViewport();
  await expect(currentChip(page)).toHaveText('Desserts');
  // The heading sits just below the stuck bar, not under it; the bar stayed on screen.
  await expect.poll(() => gapUnderBar(bar, heading)).toBeGreaterThanOrEqual(0);
  expect((await bar.boundingBox())?.y).toBeLessThan(100);
  // Keyboard and screen-reader users go on reading there.
  await expect(heading).toBeFocused();
  await expect(page.getByRole('region', { name: 'Desserts' }).getByRole('link', { name: /Kaiserschmarrn/ })).toBeVisible();

  // Scrolling back up by hand, the bar follows to the section being read.
  await page.getByRole('heading', { level: 2, name: 'Burger' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const h = document.getElementById('menu-section-4-title');
    if (h) window.scrollBy(0, h.getBoundingClientRect().top - 140);
  });
  await expect(currentChip(page)).toHaveText('Burger');
  // A shared link to a category lands on it.
  await page.goto('/?category=6');
  await expect(page.getByRole('heading', { level: 2, name: 'Beilagen' })).toBeInViewport();
  await expect(currentChip(page)).toHaveText('Beilagen');
});

test('search finds a dish typed without its accents, offline too, and clearing it brings the menu back', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  const search = page.getByRole('searchbox', { name: 'Speisekarte durchsuchen' });
  await search.fill('allgauer kasespatzle');
  await expect(page.getByRole('heading', { level: 2, name: '1 Gericht für „allgauer kasespatzle“' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Allgäuer Käsespätzle/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Kategorien' })).toHaveCount(0);

  // Descriptions and allergens are searched too; case does not matter.
  await search.fill('SELLERIE');
  await expect(page.getByRole('link', { name: /Kartoffelsuppe mit Würstchen/ })).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByRole('heading', { level: 2, name: 'Nichts gefunden für „zzzz“' })).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('heading', { level: 2, name: 'Pizza' })).toBeAttached();

  // Offline after this one visit, a reload still searches the whole menu.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Speisekarte durchsuchen' }).fill('kaiserschmarrn');
  await expect(page.getByRole('link', { name: /Kaiserschmarrn/ })).toBeVisible();
  await context.setOffline(false);
});

test('a one-tap "+" adds a dish with nothing to choose; the cart bar counts it and survives a reload', async ({ page }) => {
  await openHome(page);
  const starters = page.getByRole('region', { name: 'Vorspeisen' });
  await starters.getByRole('button', { name: 'Bruschetta hinzufügen' }).click();
  // No sheet opened: the dish went straight into the cart.
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  const bar = page.locator('.cart-bar');
  await expect(bar).toContainText('Warenkorb ansehen');
  await expect(bar).toContainText('7,90 €');
  await starters.getByRole('button', { name: 'Bruschetta hinzufügen (1 im Warenkorb)' }).click();
  await expect(bar).toContainText('15,80 €');
  await expect(cartButton(page)).toContainText('2');

  // A dish with a choice to make opens its sheet instead: its "+" is not a button of its own.
  await expect(page.getByRole('region', { name: 'Pizza' }).getByRole('button', { name: /Pizza Margherita/ })).toHaveCount(0);

  await page.reload();
  await expect(bar).toContainText('15,80 €');
  await bar.getByRole('button').click();
  const panel = page.getByRole('dialog', { name: /Warenkorb/ });
  await expect(panel.getByText('Bruschetta')).toBeVisible();
});

test('the sections beyond the first screen are fetched at once but rendered as the diner reaches them, offline too (decision 044)', async ({ page }) => {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const id = /\/products\/categories\/(\d+)\/products$/.exec(response.url())?.[1];
    if (id && response.ok()) fetched.add(id);
  });
  await openHome(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Every category's dishes arrive at the first idle moment, for the search and for offline use…
  const sections = await page.locator('.whole-menu [data-category]').count();
  await expect.poll(() => fetched.size).toBe(sections);
  // …but the bottom of the page stays a skeleton of its size until the diner gets near it.
  const drinks = page.getByRole('region', { name: 'Getränke' });
  await expect(drinks.locator('.skeleton-card').first()).toBeAttached();
  await expect(drinks.getByRole('link', { name: /Apfelschorle/ })).toHaveCount(0);
  // Offline, scrolling down renders it from what was fetched.
  await page.context().setOffline(true);
  await drinks.scrollIntoViewIfNeeded();
  await expect(drinks.getByRole('link', { name: /Apfelschorle/ })).toBeVisible();
  await expect(drinks.locator('.skeleton-card')).toHaveCount(0);
  await page.context().setOffline(false);
});

test('a chip tapped while the sections above it still wait for their dishes lands on its section once they arrive', async ({ page }) => {
  // One bar of signal: every section's dishes wait until the diner has tapped "Desserts".
  const held: Route[] = [];
  const passing = new Set<string>();
  let holding = true;
  await page.route(/\/products\/categories\/\d+\/products$/, (route) => {
    const id = /categories\/(\d+)\//.exec(route.request().url())?.[1] ?? '';
    if (holding && !passing.has(id)) held.push(route);
    else void route.continue().catch(() => undefined);
  });
  await openHome(page);
  const bar = page.getByRole('navigation', { name: 'Kategorien' });
  const chip = bar.getByRole('link', { name: 'Desserts', exact: true });
  passing.add(/category=(\d+)/.exec((await chip.getAttribute('href')) ?? '')?.[1] ?? '');
  await chip.click();
  // The rest arrive while the page is still scrolling there, and fill in the sections above.
  holding = false;
  for (const route of held.splice(0)) void route.continue().catch(() => undefined);
  await expect(page.locator('.whole-menu .skeleton-card')).toHaveCount(0);

  const heading = page.getByRole('heading', { level: 2, name: 'Desserts' });
  await scrollSettled(page);
  const gap = await gapUnderBar(bar, heading);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(40);
  await expect(page.getByRole('region', { name: 'Desserts' }).getByRole('link', { name: /Kaiserschmarrn/ })).toBeInViewport();
});

test('the legend explains the codes on the cards', async ({ page }) => {
  await openHome(page);
  const bruschetta = page.getByRole('link', { name: /Bruschetta/ });
  await expect(bruschetta).toContainText('A');
  // A screen reader hears the names, not the letters.
  await expect(bruschetta).toHaveAccessibleName(/Enthält: Glutenhaltiges Getreide/);
  const legend = page.locator('#allergen-legend');
  await legend.getByText(/Allergene und Zusatzstoffe/).click();
  await expect(legend.locator('dt', { hasText: /^A$/ })).toBeVisible();
  await expect(legend.locator('dd').first()).toHaveText(/Glutenhaltiges Getreide/);
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test("the page already shows the restaurant's menu, rendered by the server (decision 045)", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Gasthaus Lindenhof');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'de');
    await expect(page.locator('.category-chip').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Menüs' })).toBeVisible();
    await expect(page.locator('.product-card, .product-row').first()).toBeVisible();
    // The checkout too: its heading and the empty cart a first visit has.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Zur Kasse' })).toBeVisible();
    await expect(page.getByText('Ihr Warenkorb ist leer.')).toBeVisible();
  });
});
