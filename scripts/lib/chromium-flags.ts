/** Debian's Chromium, unless CHROMIUM_PATH names another (Playwright cannot download its own here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags of every headless Chromium the tests, budgets and screenshot scripts start: as root in a
 * container (no sandbox), no GPU, no background work of the browser's own.
 *
 * Chromium 156 in headless mode renders its omnibox popup's WebUI in a hidden renderer as every
 * window opens (a "WebUI Top Renderer" process): 1.6 s of CPU in the first 2.75 s of a page load,
 * on a 2-core machine beside the page's own renderer. It has no window to show the popup in; switched
 * off, a Lighthouse run's CPU index rose from 1,600 to 2,570 and eight Playwright contexts loaded the
 * menu in 10.4-12.0 s instead of 15.9-19.1 s (decision 058).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
