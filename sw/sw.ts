/// <reference lib="webworker" />
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { KEPT_PAGE_HEADER, offlineMenuPage, pageLanguage } from '../src/shared/offline-page';

declare const self: ServiceWorkerGlobalScope;

/** Catalog calls: public, language-dependent (Vary: Accept-Language), safe to show stale offline. */
const CATALOG_PATHS = [
  /^\/api\/settings$/,
  /^\/api\/pages$/,
  /^\/api\/languages$/,
  /^\/api\/translations$/,
  /^\/api\/products\/menus(\/\d+)?$/,
  /^\/api\/products\/categories$/,
  /^\/api\/products\/categories\/\d+\/products(\/\d+)?$/,
  /^\/api\/working-hours$/,
  /^\/api\/taxes$/,
  /^\/api\/areas$/,
  /^\/api\/branches$/,
  /^\/api\/checkout\/payment-providers$/,
];

const CATALOG_CACHE = 'catalog-v1';
const MEDIA_CACHE = 'media-v1';
const FONT_CACHE = 'fonts-v1';
const LANGUAGE_CACHE = 'languages-v1';
/** The menu page kept for an offline start (decision 050); emptied when a new version takes over, its scripts being that version's. */
const PAGE_CACHE = 'pages-v1';
const MENU_PAGE = '/';

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** How long a page waits for the server's HTML before the precached shell takes over. */
const PAGE_TIMEOUT_MS = 3000;
const precachedShell = createHandlerBoundToURL('/index.html');

/** The menu's own address, nothing after it: a table's or a payment's arrival, or a linked category, is not the plain menu. */
const isMenuPage = (url: URL) => url.origin === self.location.origin && url.pathname === MENU_PAGE && url.search === '';

/**
 * Keeps the server's render of the menu for the next offline start (decision 050), when it is fit
 * to be shown again and in the language asked for (when one is). Tells whether it kept it.
 */
async function keepMenuPage(response: Response, lang?: string): Promise<boolean> {
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return false;
  const page = offlineMenuPage(await response.text());
  if (!page || (lang !== undefined && page.lang !== lang)) return false;
  const headers = new Headers(response.headers);
  // The body is decoded text now; its length is not the one on the wire.
  for (const name of ['Content-Encoding', 'Content-Length']) headers.delete(name);
  await (await caches.open(PAGE_CACHE)).put(MENU_PAGE, new Response(page.html, { status: 200, headers }));
  return true;
}

/** The kept menu page in this language, or any kept one when no language is asked. */
async function keptMenuPage(lang?: string): Promise<Response | undefined> {
  const kept = await caches.match(MENU_PAGE, { cacheName: PAGE_CACHE });
  if (!kept || lang === undefined) return kept;
  return pageLanguage(await kept.clone().text()) === lang ? kept : undefined;
}

// Client routes all boot from one shell, rendered by the server with the operator's current
// branding (name, favicon, fonts, header code with its nonce): asked for first, so a changed
// setting shows on the next load. Offline, on an error or after the timeout, the precached shell
// serves (decision 019). /api is never a navigation to the shell; the staff side is its own page
// (staff.html), served by the server: the network decides.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await Promise.race([
          fetch(options.request),
          new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), PAGE_TIMEOUT_MS)),
        ]);
        if (response.ok) {
          if (isMenuPage(options.url)) options.event.waitUntil(keepMenuPage(response.clone()).catch(() => false));
          return response;
        }
      } catch {
        // Offline or too slow: the kept menu page, or the precached shell.
      }
      const kept = isMenuPage(options.url) ? await keptMenuPage().catch(() => undefined) : undefined;
      return kept ?? precachedShell(options);
    },
    { denylist: [/^\/api\//, /^\/staff(\/|$)/] },
  ),
);
// Precached files answer everything else. Registered after the pages: its own route would answer
// a navigation to `/` with the stored `/index.html` before the server is asked.
addRoute();

const catalogPlugins = [new CacheableResponsePlugin({ statuses: [200] })];
const catalogStale = new StaleWhileRevalidate({ cacheName: CATALOG_CACHE, plugins: catalogPlugins });
const catalogFresh = new NetworkFirst({ cacheName: CATALOG_CACHE, plugins: catalogPlugins });

/**
 * Cache modes in which the page wants the current answer: `no-cache` from the whole-menu save and
 * from a page that learned its kept menu is behind the catalog version (decision 038); a browser
 * whose HTTP cache is switched off (DevTools, test drivers) hands them on as `no-store` or `reload`.
 */
const CURRENT_ANSWER: readonly RequestCache[] = ['no-cache', 'no-store', 'reload'];

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    // A signed-in call is personal: it must never land in a shared cache.
    !request.headers.has('Authorization') &&
    CATALOG_PATHS.some((re) => re.test(url.pathname)),
  // Saving the menu for offline use asks with `cache: 'no-cache'`: it wants the current answer
  // stored, where stale-while-revalidate would hand back the old one.
  // The opening hours' answer says whether the restaurant is open now: the network first, the
  // stored copy only offline, so a holiday or a switched-off restaurant shows on the next load.
  (options) => (CURRENT_ANSWER.includes(options.request.cache) || options.url.pathname === '/api/working-hours' ? catalogFresh : catalogStale).handle(options),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // Room for every picture of a large menu (the offline save fetches them all), within a month.
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The restaurant's font: kept the first time a page asks for it, not precached, so a first visit
// does not download four fonts (164 KB) to use one, or none (decision 019).
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/fonts/'),
  new CacheFirst({
    cacheName: FONT_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 8, purgeOnQuotaError: true })],
  }),
);

// Catalogs of a language the install did not bring (decision 027): kept once a diner reads it, so
// the app opens offline in their language. Built files are hashed, so a kept copy never goes stale.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
  new CacheFirst({
    cacheName: LANGUAGE_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

interface PageMessage {
  type?: string;
  lang?: string;
  fresh?: boolean;
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = (event.data ?? {}) as PageMessage;
  // The page asks before a new version takes over (never mid-checkout).
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  // After the offline save (decision 050): the menu page in the diner's language, asked anew
  // when the menu changed or none in that language is kept. The answer goes to the page's port.
  if (data.type === 'KEEP_MENU_PAGE' && typeof data.lang === 'string') {
    const lang = data.lang;
    const keep = async () => {
      if (!data.fresh && (await keptMenuPage(lang))) return true;
      const response = await fetch(MENU_PAGE, { credentials: 'same-origin', headers: { Accept: 'text/html', 'Accept-Language': lang, [KEPT_PAGE_HEADER]: '1' } });
      return keepMenuPage(response, lang);
    };
    event.waitUntil(
      keep()
        .catch(() => false)
        .then((kept) => event.ports[0]?.postMessage({ kept })),
    );
  }
});

self.addEventListener('activate', (event) => {
  // A kept page names the scripts of the version that kept it.
  event.waitUntil(Promise.all([self.clients.claim(), caches.delete(PAGE_CACHE)]));
});
