import { useLingui } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { isOn, LOADER_STYLES, settingsMap, text, type LoaderStyle } from '../../shared/contract/settings';
import { AddedNotice, CartPanel, DroppedCartNotice } from '../features/cart';
import { catalogQueries, useSettings } from '../features/catalog';
import { DeferredFooter, Header, hideLoader, LoadingOverlay, PageModal, TopBar, useFocusOnNavigate } from '../features/layout';
import { Toasts } from '../ui/Toasts';
import { OfflineIndicator, UpdatePrompt } from '../features/pwa';
import { OutboxBanner, OutboxWatcher } from '../features/outbox';
import { TableBanner } from '../features/table';
import { LiveMenu, PauseBanner } from '../features/availability';
import { positiveInt } from '../lib/search';
import { chosenBranch } from '../lib/branch';
import { i18n } from '../lib/i18n';
import { tryEnsure } from '../lib/try-ensure';

export interface RouterContext {
  queryClient: QueryClient;
}

function Shell() {
  const { t } = useLingui();
  const settings = useSettings();
  const style = text(settings, 'LOADER_STYLE');
  const loader: LoaderStyle = (LOADER_STYLES as readonly string[]).includes(style) ? (style as LoaderStyle) : 'pizza';
  // Route loaders fetch what a screen needs; once the router settles, the screen is ready.
  const settled = useRouterState({ select: (s) => s.status === 'idle' && !s.isLoading });
  useEffect(() => {
    if (settled) hideLoader();
  }, [settled]);
  useFocusOnNavigate();
  // The sandbox provider's page stands in for a provider's own site: no shop chrome around it.
  const hosted = useRouterState({ select: (s) => s.location.pathname.startsWith('/sandbox-pay/') });
  if (hosted) {
    return (
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <OfflineIndicator />
      <TopBar />
      <Header />
      <TableBanner />
      <PauseBanner />
      <OutboxBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <DeferredFooter />
      <CartPanel />
      <AddedNotice />
      <PageModal />
      <Toasts />
      <UpdatePrompt />
      <DroppedCartNotice />
      <OutboxWatcher />
      <LiveMenu />
      <LoadingOverlay style={loader} logo={text(settings, 'LOGO')} />
    </>
  );
}

function NotFound() {
  return (
    <section className="container narrow coming-soon">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>We could not find this page. The menu is just one tap away.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to the menu</Trans>
      </Link>
    </section>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = positiveInt(search.page);
    return page ? { page } : {};
  },
  // Spec §2's first guard, for every storefront route (a deep link too): with branches on, a
  // diner with no branch chosen goes to /select-branch, unless this host is itself a branch.
  beforeLoad: async ({ context, location }) => {
    if (location.pathname.startsWith('/select-branch') || chosenBranch()) return;
    const raw = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.settings(i18n.locale)));
    if (!raw || !isOn(settingsMap(raw), 'BRANCHES_ENABLED')) return;
    const { adoptHostBranch } = await import('../features/branches/host');
    if (!(await adoptHostBranch(context.queryClient))) throw redirect({ to: '/select-branch' });
  },
  component: Shell,
  notFoundComponent: NotFound,
});
