import { proxy } from 'valtio';
import type { Workbox } from 'workbox-window';

export const pwa = proxy({ updateReady: false });
let workbox: Workbox | null = null;

/**
 * After the page's `load` event, when the device is next idle (decision 028): installing the
 * worker precaches the whole shell, and on a first visit over a slow network those downloads
 * must not compete with the page's own. The timeout keeps a busy page from never registering.
 */
function afterLoadWhenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
      else setTimeout(resolve, 1000);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Registers the service worker once the page has loaded. A new version waits until the diner
 * agrees (never a swap in the middle of an order); then it takes over and the page reloads once.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  await afterLoadWhenIdle();
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    pwa.updateReady = true;
  });
  await workbox.register();
}

export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
