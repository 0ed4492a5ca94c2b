import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';

let running: Promise<unknown> = Promise.resolve();

function idle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 2000);
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/**
 * Once the worker controls the page (on a first visit, when the new worker has taken over), since
 * only then does what is fetched also land in its caches. A browser without workers saves into
 * the query cache alone.
 */
function whenWorkerControls(run: () => void): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) afterLoad(run);
  else navigator.serviceWorker.addEventListener('controllerchange', () => afterLoad(run), { once: true });
}

/** Loads the saver (its own chunk, off the first page's budget) and runs it after any run before. */
function saveNow(queryClient: QueryClient): void {
  const lang = i18n.locale;
  running = running
    .then(() => import('./offline-menu'))
    .then((m) => m.saveMenuForOffline(queryClient, lang))
    // A failed save is retried on the next visit; the menu on screen does not depend on it.
    .catch(() => 'failed' as const)
    .then((outcome) => {
      // How the last save went, readable from outside (tests wait for it rather than sleeping).
      document.documentElement.dataset.offlineMenu = outcome;
    });
}

/**
 * After the first page, when the worker is in control and the device is idle, saves the whole
 * menu for offline use; again in a language the diner switches to.
 */
export function saveMenuWhenIdle(queryClient: QueryClient): void {
  whenWorkerControls(() => {
    const start = () => idle(() => saveNow(queryClient));
    start();
    i18n.on('change', start);
  });
}
