import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './app-tree';
import { meQuery, watchSession } from './features/account';
import { markFilterPending } from './features/allergen-filter';
import { persistCart, restoreCart } from './features/cart';
import { ensureStartupData, followCatalogVersion, saveMenuWhenIdle, seedFirstScreen } from './features/catalog';
import { adoptServerPopup, closedNoticeSeen, followServerNotice, hideLoader, seenPopups } from './features/layout';
import { loadDeviceOrders } from './features/orders';
import { startOutbox } from './features/outbox';
import { registerServiceWorker } from './features/pwa';
import { arriveBeforeRouting, currentTableSession, restoreTableSession } from './features/table';
import { bootMark, timed } from './lib/boot-marks';
import { EarlyTapsReplay } from './lib/early-taps';
import { rendersAsServer, serverRenderOf } from './lib/first-visit';
import { activateLocale, i18n, storedLocale } from './lib/i18n';
import { createQueryClient, persistQueries } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();

const router = createAppRouter(queryClient);

/**
 * The first render as a transition (decision 037): React renders it in slices of a few
 * milliseconds and yields between them, so a phone's main thread never holds one long task for
 * the whole menu. A page the server rendered for this very state (decision 045) is hydrated: its
 * markup stays, React attaches to it; any other page is rendered afresh over what the server sent.
 */
function renderApp(root: HTMLElement, hydrate: boolean) {
  const app = (
    <>
      <AppTree router={router} queryClient={queryClient} />
      <EarlyTapsReplay />
    </>
  );
  if (!hydrate) {
    // Over the menu page the worker kept (decision 050) the menu is on screen already: no loading
    // overlay to flash over it while the app's own render takes its place.
    if (root.dataset.keptPage !== undefined) hideLoader();
    startTransition(() => createRoot(root).render(app));
    document.documentElement.dataset.render = 'client';
    return;
  }
  // As on the server: the route is loaded, so the router renders no suspense boundary of its own
  // and the overlay is already down.
  (router as unknown as { ssr?: unknown }).ssr = { manifest: undefined };
  hideLoader();
  document.documentElement.dataset.render = 'hydrated';
  startTransition(() => {
    hydrateRoot(root, app, {
      // Something differed after all: React rendered it afresh. Said on the page for the tests.
      onRecoverableError: (error) => {
        document.documentElement.dataset.render = 'recovered';
        console.warn('The server-rendered page differed from the first render', error);
      },
    });
  });
}

/**
 * The device's own records in IndexedDB: the cart, the table session, the orders placed here.
 * Opening the database took a sixth of an offline start at a 4× slower CPU, so the plain menu
 * renders beside it and they show as soon as they are read (decision 038). They are read long
 * before the first dish's frame is on screen, let alone a dish's sheet open to add one.
 */
async function restoreDeviceData(): Promise<void> {
  await Promise.all([timed('cart', restoreCart()), timed('table', restoreTableSession()), timed('device-orders', loadDeviceOrders())]);
  persistCart();
}

/** Every screen but the plain menu, and a QR code's or a payment's arrival, reads the device's records before it renders. */
function rendersBeforeDeviceData(): boolean {
  return location.pathname === '/' && !/[?&](table|payment|sess)=/.test(location.search);
}

async function start() {
  bootMark('start');
  markFilterPending();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const server = serverRenderOf(root);
  // The server knows the session by its cookies only: a tab that has seen the closed notice or the
  // popup page the server shows renders without it, afresh.
  const sawPopup = server?.popup ? seenPopups().includes(server.popup.id) : false;
  // Asked before this page stores anything (its own query cache, a cart).
  const asServer =
    server && !sawPopup && !(server.closedNotice === 'shown' && closedNoticeSeen()) ? rendersAsServer(server, storedLocale()) : Promise.resolve(false);
  const deviceData = restoreDeviceData();
  // Language and persisted catalog are local: an offline cold start renders from them.
  await Promise.all([
    timed('locale', activateLocale(storedLocale())),
    timed('query-cache', persistQueries(queryClient)),
    rendersBeforeDeviceData() ? null : deviceData,
  ]);
  // Settings kept from an earlier visit, not the ones this page brought (read before seeding).
  const keptSettings = queryClient.getQueryData(['settings', i18n.locale]) !== undefined;
  // After the kept copy is restored: the page's own answers are newer (decision 028).
  const pageVersion = seedFirstScreen(queryClient, i18n.locale);
  void followCatalogVersion(queryClient, i18n.locale, pageVersion);
  // After the cart is back (and the language is set): a queued order that the server confirms removes its lines from it.
  void deviceData.then(startOutbox);
  watchSession(queryClient);
  // Spec §4: the profile is read at start; a failure leaves the visitor signed out.
  void queryClient.prefetchQuery(meQuery());
  void ensureStartupData(queryClient, i18n.locale);
  const hydrate = await asServer;
  if (hydrate && server) followServerNotice(server.closedNotice);
  // The popup page the server opened stays open (the page takes on its address), unless the
  // device is at a table, which the server cannot know (a device it hydrates holds none).
  const popup = server?.popup && !sawPopup ? server.popup : null;
  if (popup && (hydrate || (await currentTableSession()) === null)) adoptServerPopup(popup.id, popup.href);
  // After the hydration is decided: the session is kept on the device, which would say it held one.
  const tableArrival = await arriveBeforeRouting(location.href);
  if (tableArrival) router.history.replace(tableArrival, router.history.location.state);
  // The route's code and loaders first: rendered before them, the router's own update once they
  // are in re-rendered the whole page synchronously, one task of ≈ 0.4 s on a slow phone.
  await timed('router', router.load());
  renderApp(root, hydrate);
  bootMark('render');
  void registerServiceWorker();
  saveMenuWhenIdle(queryClient);
  // The server renders the first paint with the operator's current branding. A device that kept
  // settings from an earlier visit follows fresh ones from here on (decision 019); a first visit
  // has nothing older than its page, so it loads no byte of this.
  if (keptSettings) void import('./features/branding').then((m) => m.startBranding(queryClient));
}

void start();

