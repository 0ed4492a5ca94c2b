import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { meQuery, watchSession } from './features/account';
import { persistCart, restoreCart } from './features/cart';
import { ensureStartupData, followCatalogVersion, saveMenuWhenIdle, seedFirstScreen } from './features/catalog';
import { loadDeviceOrders } from './features/orders';
import { startOutbox } from './features/outbox';
import { registerServiceWorker } from './features/pwa';
import { restoreTableSession } from './features/table';
import { bootMark, timed } from './lib/boot-marks';
import { activateLocale, i18n, storedLocale } from './lib/i18n';
import { createQueryClient, persistQueries } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Catalog freshness is Query's job; the router should not second-guess it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The first render as a transition (decision 037): React renders it in slices of a few
 * milliseconds and yields between them, so a phone's main thread never holds one long task for
 * the whole menu; the server's shell stays on screen until the commit.
 */
function renderApp(root: HTMLElement) {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
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
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  // The route's code and loaders first: rendered before them, the router's own update once they
  // are in re-rendered the whole page synchronously, one task of ≈ 0.4 s on a slow phone.
  await timed('router', router.load());
  renderApp(root);
  bootMark('render');
  void registerServiceWorker();
  saveMenuWhenIdle(queryClient);
  // The server renders the first paint with the operator's current branding. A device that kept
  // settings from an earlier visit follows fresh ones from here on (decision 019); a first visit
  // has nothing older than its page, so it loads no byte of this.
  if (keptSettings) void import('./features/branding').then((m) => m.startBranding(queryClient));
}

void start();

