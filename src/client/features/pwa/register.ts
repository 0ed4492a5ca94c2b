import { proxy } from 'valtio';
import type { Workbox } from 'workbox-window';

export const pwa = proxy({ updateReady: false });
let workbox: Workbox | null = null;

/**
 * Registers the service worker. A new version waits until the diner agrees (never a swap in
 * the middle of an order); then it takes over and the page reloads once.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
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
