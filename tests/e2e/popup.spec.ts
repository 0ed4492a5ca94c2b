import { expect, test, type Page } from '@playwright/test';

const POPUP = 'Neu: Jetzt am Tisch bestellen';

test.beforeEach(async ({ page }) => {
  // Outside opening hours the "We are closed" notice takes the session's greeting and the popup
  // stays shut; these journeys are about where the popup may open, so the notice counts as seen.
  await page.addInitScript(() => sessionStorage.setItem('closed-notice-seen', '1'));
});

/**
 * Opens a path and lets the popup's decision happen. The content pages it depends on come inlined in
 * the document (decision 028), so there is no request to wait for.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/**
 * Gives the popup's decision time to happen. Not `networkidle`: an open page keeps its live stream
 * of sold-out dishes and pauses open, so the network is never idle.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.category-chip, h1').first()).toBeVisible();
  await page.waitForTimeout(800);
}

test('a diner arriving from a table QR code gets no popup page', async ({ page }) => {
  await visit(page, '/?table=T07-Y5HZ-G1TC-GNMA');
  // The home page says when it has decided the session's greeting: at a table, none.
  await expect(page.locator('html')).toHaveAttribute('data-greeting', 'none');
  await expect(page.getByText('Willkommen an Tisch 7')).toBeVisible();
  await expect(page).not.toHaveURL(/table=/);
  await expect(page.locator('.table-banner')).toContainText('Tisch 7');
  await page.waitForTimeout(500);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: POPUP })).toHaveCount(0);
  // At the table it stays shut on later home visits too.
  await page.reload();
  await expect(page.locator('.table-banner')).toContainText('Tisch 7');
  // The menu renders before the device's table session is read (decision 038); the greeting waits for it.
  await expect(page.locator('html')).toHaveAttribute('data-greeting', 'none');
  await settled(page);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  // A new browser session (no cookies) whose device still keeps the table: the server's render
  // opens the popup page, which it cannot know the table of; the page at the table renders without it.
  await page.context().clearCookies();
  // The closed notice (after hours) would keep the popup shut: this session has seen it.
  await page.context().addCookies([{ name: 'closed-notice-seen', value: '1', url: page.url() }]);
  const response = await page.reload();
  expect(await response?.text()).toMatch(/data-popup="\d+"/);
  await expect(page.locator('.table-banner')).toContainText('Tisch 7');
  await expect(page.locator('html')).toHaveAttribute('data-greeting', 'none');
  await settled(page);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('the branch choice is not covered by the popup page', async ({ page }) => {
  await visit(page, '/select-branch');
  await expect(page.getByRole('heading', { name: 'Wählen Sie Ihren Standort' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});

test('an ordinary home visit shows the popup page once per session', async ({ page }) => {
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: POPUP });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Scannen, bestellen, genießen');
  // The server paints it (by CSS) before any script; Escape closes it once the app has made it the
  // modal it is, which comes after hydration has started.
  await expect(page.locator('dialog:modal')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  await page.reload();
  await settled(page);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});
