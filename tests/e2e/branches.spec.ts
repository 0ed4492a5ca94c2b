/**
 * Several branches, each with its own host (issue 13, decision 017). Two server processes with
 * databases of their own (playwright.config.ts): the hub, which is also the branch "Altona", at
 * 127.0.0.1, and the branch "Eppendorf" at localhost. A diner on the hub chooses a branch; the
 * page stays on the hub and talks to that branch's API.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { BRANCH_EPPENDORF, BRANCH_HUB, E2E_OPERATOR_KEY } from '../../playwright.config';
import { addPizza, cartButton, openHome, placeTakeawayOrder, type OperatorOrder } from './helpers';

const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };

async function setBranchesEnabled(request: APIRequestContext, origin: string, value: string): Promise<void> {
  const res = await request.put(`${origin}/api/operator/settings/BRANCHES_ENABLED`, { headers: operator, data: { value } });
  expect(res.status(), await res.text()).toBe(200);
}

async function ordersOf(request: APIRequestContext, origin: string): Promise<string[]> {
  const res = await request.get(`${origin}/api/operator/orders?limit=200`, { headers: operator });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: OperatorOrder[] }).data.map((o) => o.code);
}

/** Every API call the page makes, by origin. */
function apiOrigins(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.add(url.origin);
  });
  return seen;
}

/** Chooses a branch on /select-branch the way a diner does. */
async function choose(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Wählen Sie Ihren Standort' })).toBeVisible();
  await page.getByLabel('Bitte wählen Sie einen Standort, um fortzufahren').selectOption({ label: name });
  await page.getByRole('button', { name: 'Weiter' }).click();
}

/** The footer loads near the end of the page. */
async function footerBranchLine(page: Page) {
  await page.locator('.footer-spot, .site-footer').last().scrollIntoViewIfNeeded();
  const line = page.locator('.branch-line');
  await line.scrollIntoViewIfNeeded();
  return line;
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BRANCH_HUB });

test.beforeAll(async ({ request }) => {
  // The operator switches branches on in each deployment (spec §1's settings switch).
  await setBranchesEnabled(request, BRANCH_HUB, '1');
  await setBranchesEnabled(request, BRANCH_EPPENDORF, '1');
});

test('a deep link sends a diner with no branch to the choice; an order after choosing Eppendorf lands in its database only', async ({ page, request }) => {
  const origins = apiOrigins(page);
  await page.goto('/contact');
  await expect(page).toHaveURL(`${BRANCH_HUB}/select-branch`);
  // Every storefront route guards the choice, not only the home page.
  await page.goto('/checkout');
  await expect(page).toHaveURL(`${BRANCH_HUB}/select-branch`);

  await choose(page, 'Lindenhof Eppendorf');
  // The site reloads on the hub, and from now on its API calls go to Eppendorf's host.
  await expect(page).toHaveURL(`${BRANCH_HUB}/`);
  await expect(page.locator('.category-chip').first()).toBeVisible();
  origins.clear();
  const hubBefore = await ordersOf(request, BRANCH_HUB);
  const code = await placeTakeawayOrder(page);
  expect(code).toMatch(/^[A-Z0-9]+$/);
  expect([...origins]).toEqual([BRANCH_EPPENDORF]);
  // The order page follows the order at Eppendorf.
  await expect(page.getByText(code).first()).toBeVisible();

  expect(await ordersOf(request, BRANCH_EPPENDORF)).toContain(code);
  const hubAfter = await ordersOf(request, BRANCH_HUB);
  expect(hubAfter).not.toContain(code);
  expect(hubAfter).toEqual(hubBefore);
});

test('the change-branch link asks before it empties the cart', async ({ page }) => {
  await page.goto('/select-branch');
  await choose(page, 'Lindenhof Eppendorf');
  // The menu, with the session's popup page over it if it opened first (`?page=`): openHome closes it.
  await expect(page).toHaveURL(new RegExp(`^${BRANCH_HUB}/(\\?page=\\d+)?$`));
  await openHome(page);
  await addPizza(page);
  await expect(cartButton(page)).toHaveAccessibleName(/Warenkorb, 1 /);

  const line = await footerBranchLine(page);
  await expect(line).toContainText('Ihr Standort: Lindenhof Eppendorf');
  await line.getByRole('link', { name: 'Standort wechseln' }).click();
  await expect(page).toHaveURL(`${BRANCH_HUB}/select-branch`);
  // The current branch is the one shown; staying there changes nothing.
  await expect(page.getByLabel('Bitte wählen Sie einen Standort, um fortzufahren')).toHaveValue(BRANCH_EPPENDORF);

  await choose(page, 'Lindenhof Altona');
  const ask = page.getByRole('dialog', { name: 'Warenkorb leeren?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Speisekarte von Lindenhof Eppendorf');
  await expect(ask).toContainText('zu Lindenhof Altona');
  await ask.getByRole('button', { name: 'Warenkorb behalten' }).click();
  await expect(ask).toBeHidden();
  // Nothing changed: still Eppendorf, the pizza still in the cart.
  await expect(cartButton(page)).toHaveAccessibleName(/Warenkorb, 1 /);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('branch'))) ?? '{}')).toMatchObject({ url: BRANCH_EPPENDORF });

  const origins = apiOrigins(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await ask.getByRole('button', { name: 'Warenkorb leeren und wechseln' }).click();
  await expect(page).toHaveURL(`${BRANCH_HUB}/`);
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName(/Warenkorb, 0 /);
  // Altona is the hub's own host: its API is the page's own origin again.
  origins.clear();
  await page.reload();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  expect([...origins].filter((o) => o !== BRANCH_HUB)).toEqual([]);
  await expect(cartButton(page)).toHaveAccessibleName(/Warenkorb, 0 /);
  await expect(await footerBranchLine(page)).toContainText('Ihr Standort: Lindenhof Altona');
});

test('a branch host knows it is a branch: no loop back to the choice, and the way back leads to the hub', async ({ page }) => {
  // The session's popup page would add ?page= to the URL this test watches; popup.spec.ts covers it.
  await page.addInitScript(() => sessionStorage.setItem('popup-seen', JSON.stringify(Array.from({ length: 100 }, (_, i) => i + 1))));
  const origins = apiOrigins(page);
  await page.goto(`${BRANCH_EPPENDORF}/contact`);
  await expect(page).toHaveURL(`${BRANCH_EPPENDORF}/contact`);
  await page.goto(`${BRANCH_EPPENDORF}/`);
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(`${BRANCH_EPPENDORF}/`);
  await expect(page.locator('.category-chip').first()).toBeVisible();
  expect([...origins]).toEqual([BRANCH_EPPENDORF]);
  const line = await footerBranchLine(page);
  await expect(line).toContainText('Ihr Standort: Lindenhof Eppendorf');
  await expect(line.getByRole('link', { name: 'Standort wechseln' })).toHaveAttribute('href', `${BRANCH_HUB}/select-branch`);
});
