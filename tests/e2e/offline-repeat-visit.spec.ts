import { expect, test } from '@playwright/test';
import { openHome, waitForServiceWorker } from './helpers';

/** Issue 16's goal: on a repeat visit without network, the menu shows within this long on a 4× slower CPU. */
const GOAL_MS = 500;
/**
 * What the test fails on: the goal with room for a noisy machine. Since the worker answers with
 * the kept menu page (decision 050) the median here is 370-400 ms (993 ms before); CI's machine
 * has run about a sixth slower, and stop 38's 553-560 ms. Outside opening hours no page was kept
 * until the worker asked for the plain menu (1,334-1,394 ms then). Lower it as the offline start gets faster; never raise it to let
 * a change through.
 */
const CEILING_MS = 800;
/**
 * Five, not three: on the machine of stop 41 single reloads ranged 305-1,273 ms and medians of three
 * 512-835 ms, the scripts at either fetch priority (decision 061); one slow reload in three decided
 * the test. Medians of five there: 607-705 ms.
 */
const RELOADS = 5;

/**
 * Where the time went in one reload, in ms since navigation start: the page's HTML, the scripts,
 * the start's `boot:` marks (src/client/lib/boot-marks.ts) and the first dish's frame.
 */
type Breakdown = Record<string, number>;

function readBreakdown(): Breakdown {
  const at: Breakdown = {};
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav) at.html = nav.responseEnd;
  const shown = window.__menuShownAt ?? Number.NaN;
  // Only what the first dish waited for: later chunks (the offline save, idle work) are not its cost.
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const scripts = resources.filter((r) => r.name.endsWith('.js') && r.responseEnd < shown);
  const last = (entries: PerformanceResourceTiming[]) => Math.max(...entries.map((r) => r.responseEnd));
  const entry = scripts.filter((r) => /\/main-[^/]*\.js$/.test(r.name));
  const messages = scripts.filter((r) => r.name.includes('messages'));
  if (entry.length) at['entry script loaded'] = last(entry);
  if (messages.length) at['messages loaded'] = last(messages);
  at['scripts before the menu'] = scripts.length;
  for (const mark of performance.getEntriesByType('mark')) if (mark.name.startsWith('boot:')) at[mark.name.slice(5)] = mark.startTime;
  at['menu shown'] = shown;
  return at;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

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
  const breakdowns: Breakdown[] = [];
  for (let i = 0; i < RELOADS; i++) {
    await page.reload();
    await page.waitForFunction(() => window.__menuShownAt !== undefined, undefined, { timeout: 20_000 });
    times.push(await page.evaluate(() => window.__menuShownAt ?? Number.NaN));
    breakdowns.push(await page.evaluate(readBreakdown));
    // No network answered: the page came from the worker and the device's storage.
    expect(await page.evaluate(() => [navigator.onLine, navigator.serviceWorker.controller !== null])).toEqual([false, true]);
    await expect(page.getByText(/offline/i).first()).toBeVisible();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const shown = median(times);
  const stored = await page.evaluate(() => Object.entries(localStorage).map(([key, value]) => `${key} ${Math.round(value.length / 1024)} KB`).join(', '));
  const steps = Object.keys(breakdowns[0] ?? {}).map((key) => [key, median(breakdowns.map((b) => b[key] ?? Number.NaN))] as const);
  console.log(`offline repeat visit breakdown (median ms since navigation start): ${steps.sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} ${Math.round(v)}`).join(' · ')}`);
  console.log(`local storage: ${stored}`);
  test.info().annotations.push({ type: 'menu shown after (ms, 4× CPU, offline)', description: `median ${Math.round(shown)} of ${times.map(Math.round).join(', ')}` });
  console.log(`offline repeat visit, 4x CPU: menu shown after ${times.map(Math.round).join(', ')} ms (median ${Math.round(shown)})`);
  if (shown > GOAL_MS) console.log(`offline repeat visit: goal of ${GOAL_MS} ms not reached yet`);
  expect(shown).toBeLessThanOrEqual(CEILING_MS);
});
