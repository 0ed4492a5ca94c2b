import { expect, test } from '@playwright/test';
import { openHome, waitForServiceWorker } from './helpers';

/** Issue 16's goal: on a repeat visit without network, the menu shows within this long on a 4× slower CPU. */
const GOAL_MS = 500;
/**
 * What the test fails on until the goal is reached: today's median on a quiet 2-core machine is
 * 1.6 s (issue 16's closing note), and CI's machine is noisier. Lower it as the offline start gets
 * faster; never raise it to let a change through.
 */
const CEILING_MS = 3_500;
const RELOADS = 3;

declare global {
  interface Window {
    /** `performance.now()` at the first frame that shows a dish: milliseconds since navigation start. */
    __menuShownAt?: number;
  }
}

test('offline, a repeat visit shows the menu quickly at a 4× slower CPU (goal 500 ms)', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorker(page);
  // The background save has put the whole menu in storage and the worker's caches.
  await expect(page.locator('html')).toHaveAttribute('data-offline-menu', /saved|current/, { timeout: 30_000 });

  // Before any script of the page: note the first frame in which a dish's name is on screen.
  await page.addInitScript(() => {
    const shown = () => {
      const name = document.querySelector('.product-card__name');
      return name !== null && name.getBoundingClientRect().height > 0;
    };
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => (window.__menuShownAt = performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  // Offline for the worker too (the context's emulation); the page's own CDP session, which the
  // CPU throttling needs, must say offline as well, or the page's target counts as online.
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times: number[] = [];
  for (let i = 0; i < RELOADS; i++) {
    await page.reload();
    await page.waitForFunction(() => window.__menuShownAt !== undefined, undefined, { timeout: 20_000 });
    times.push(await page.evaluate(() => window.__menuShownAt ?? Number.NaN));
    // No network answered: the page came from the worker and the device's storage.
    expect(await page.evaluate(() => [navigator.onLine, navigator.serviceWorker.controller !== null])).toEqual([false, true]);
    await expect(page.getByText(/offline/i).first()).toBeVisible();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const median = [...times].sort((a, b) => a - b)[Math.floor(RELOADS / 2)] ?? Number.NaN;
  test.info().annotations.push({ type: 'menu shown after (ms, 4× CPU, offline)', description: `median ${Math.round(median)} of ${times.map(Math.round).join(', ')}` });
  console.log(`offline repeat visit, 4x CPU: menu shown after ${times.map(Math.round).join(', ')} ms (median ${Math.round(median)})`);
  if (median > GOAL_MS) console.log(`offline repeat visit: goal of ${GOAL_MS} ms not reached yet`);
  expect(median).toBeLessThanOrEqual(CEILING_MS);
});
