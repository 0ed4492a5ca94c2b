import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { meQuery, watchSession } from './features/account';
import { persistCart, restoreCart } from './features/cart';
import { ensureStartupData, saveMenuWhenIdle, seedFirstScreen } from './features/catalog';
import { loadDeviceOrders } from './features/orders';
import { startOutbox } from './features/outbox';
import { registerServiceWorker } from './features/pwa';
import { restoreTableSession } from './features/table';
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

async function start() {
  // Language, persisted catalog and cart are all local: an offline cold start renders from them.
  await Promise.all([
    activateLocale(storedLocale()),
    persistQueries(queryClient),
    restoreCart(),
    restoreTableSession(),
    loadDeviceOrders(),
  ]);
  // Settings kept from an earlier visit, not the ones this page brought (read before seeding).
  const keptSettings = queryClient.getQueryData(['settings', i18n.locale]) !== undefined;
  // After the kept copy is restored: the page's own answers are newer (decision 028).
  seedFirstScreen(queryClient, i18n.locale);
  persistCart();
  // After the cart is back: a queued order that the server confirms removes its lines from it.
  void startOutbox();
  watchSession(queryClient);
  // Spec §4: the profile is read at start; a failure leaves the visitor signed out.
  void queryClient.prefetchQuery(meQuery());
  void ensureStartupData(queryClient, i18n.locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  void registerServiceWorker();
  saveMenuWhenIdle(queryClient);
  // The server renders the first paint with the operator's current branding. A device that kept
  // settings from an earlier visit follows fresh ones from here on (decision 019); a first visit
  // has nothing older than its page, so it loads no byte of this.
  if (keptSettings) void import('./features/branding').then((m) => m.startBranding(queryClient));
}

void start();
