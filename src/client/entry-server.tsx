/**
 * The storefront rendered to HTML for the server (decision 045): built by `vite build --ssr` into
 * `dist/server-render/`, run by the server in a worker thread with the few browser globals the
 * app's modules touch (`server-render/browser-globals.ts`, a build entry of its own that the worker
 * loads first). It renders what a first visit's
 * browser renders first: the page's own catalog answers (decision 028), nothing kept on a
 * device, the route loaded, the loading overlay down.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { PageRenderInput, PageRenderOutput } from '../shared/contract/page-render';
import { AppTree } from './app-tree';
import { meQuery } from './features/account';
import { cart } from './features/cart';
import { ensureStartupData } from './features/catalog';
import { seedAnswers } from './features/catalog/first-screen';
import { followServerNotice, hideLoader } from './features/layout';
import { arriveBeforeRouting, tableState } from './features/table';
import { activateLocale } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { toasts } from './ui/toasts';

const LEADING_LINKS = /^(?:<link [^>]*>)+/;

export async function renderPage(input: PageRenderInput): Promise<PageRenderOutput> {
  const { screen } = input;
  await activateLocale(screen.lang, false);
  // One page after another in this worker: nothing of the last page's render is left over.
  toasts.list.splice(0);
  hideLoader();
  // A first visit's cart, read back from a device that holds none: empty, and known to be.
  cart.lines.splice(0);
  cart.restored = true;
  // Nor any table: a QR arrival's page brings its own (decision 047).
  tableState.session = null;
  followServerNotice(input.closedNotice === 'seen' ? 'seen' : 'shown');
  const queryClient = createQueryClient();
  seedAnswers(queryClient, screen);
  // As the browser's start does, so the same queries are settled when both render.
  await Promise.all([queryClient.prefetchQuery(meQuery()), ensureStartupData(queryClient, screen.lang)]);
  // A table's page is rendered at the address the browser routes it at (decision 049).
  const url = (await arriveBeforeRouting(input.url)) ?? input.url;
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const out = renderToString(<AppTree router={router} queryClient={queryClient} />);
  queryClient.clear();
  const head = LEADING_LINKS.exec(out)?.[0] ?? '';
  return { html: out.slice(head.length), head, href: router.state.location.href };
}
