/**
 * The footer shows only what is real: logos of the ways to pay this restaurant offers (here cash
 * and Stripe's card schemes, no PayPal, nothing for the test payment), app badges only when the
 * restaurant has an app, and brand icons, not text characters, for its social links.
 */
import { expect, test, type Page } from '@playwright/test';
import { openHome } from './helpers';

/**
 * The footer mounts once the page's end comes near (DeferredFooter). The sections near the end
 * render as the diner reaches them (decision 044) and a busy machine can take the first End before
 * the menu has its full height: scroll again until the footer shows.
 */
async function scrollToFooter(page: Page): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(page.locator('footer.site-footer')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('the footer shows the real ways to pay, no app badges without an app, and brand icons for the social links', async ({ page }) => {
  await openHome(page);
  // Below the long menu, the footer loads as the diner scrolls near it.
  await scrollToFooter(page);
  const footer = page.locator('footer.site-footer');
  const logos = footer.getByRole('list', { name: 'Zahlungsarten' }).getByRole('img');
  await expect(logos).toHaveCount(3);
  expect(await logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['Vor Ort bezahlen', 'Visa', 'Mastercard']);
  await expect(footer.getByRole('img', { name: 'PayPal' })).toHaveCount(0);
  await expect(footer.getByRole('list', { name: 'Unsere App herunterladen' })).toHaveCount(0);

  const instagram = footer.getByRole('link', { name: 'Instagram' });
  await expect(instagram).toHaveText('');
  const icon = instagram.locator('.social-links__icon');
  expect(await icon.evaluate((el) => getComputedStyle(el).maskImage)).toContain('/media/social/instagram.svg');
  // The mark itself is served, so the mask draws something.
  expect((await page.request.get('/media/social/instagram.svg')).headers()['content-type']).toContain('image/svg+xml');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 760 } });

  test('no page is wider than the screen (the footer grew 2 px past it on long German words)', async ({ page }) => {
    await openHome(page);
    for (const path of ['/', '/contact', '/login', '/register', '/checkout']) {
      await page.goto(path);
      await page.locator('.site-header').waitFor();
      await scrollToFooter(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  test('the account tabs scroll to the page the diner is on', async ({ page }) => {
    await openHome(page);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const email = `tabs.${Date.now()}@example.com`;
    const password = 'a calm evening at the lindenhof';
    const registered = await page.request.post('/api/register', {
      headers: { 'x-xsrf-token': xsrf },
      data: { name: 'Paula Pohl', email, phone: '+49 40 7654321', password, password_confirmation: password, terms: true },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`/login?email=${encodeURIComponent(email)}`);
    await page.fill('#login-password', password);
    await page.locator('.auth__card button[type=submit]').click();
    await expect(page.locator('.coin-balance')).toBeVisible();
    await page.goto('/me/my-transactions/transaction-history');
    const active = page.locator('.account-nav a[data-status="active"]');
    await expect(active).toHaveText('Meine Punkte');
    await expect.poll(async () => (await active.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    const box = await active.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
  });
});
