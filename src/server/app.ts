import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { renderAppShell } from './app-shell';
import { firstScreenAnswers } from './first-screen';
import { tableArrivalForPage } from './tables/page-arrival';
import { followCatalogCommits } from './catalog/snapshot';
import { extendCsp } from './branding/csp';
import { webManifest } from './branding/manifest';
import { isOn } from '../shared/contract/settings';
import { KEPT_PAGE_HEADER } from '../shared/offline-page';
import { loadResolvedSettings } from './settings';
import type { Database, Db } from './db/client';
import { createEventBus, pruneLiveEvents, type EventBus } from './events/bus';
import { endAllStreams } from './events/sse';
import { availabilityRoutes } from './routes/availability';
import { staffRoutes } from './routes/staff';
import { mediaRoutes } from './routes/media';
import { pruneOrphanFiles } from './admin/photos/store';
import { pruneStaffTokens } from './staff/accounts';
import { pruneHolds } from './staff/availability';
import { sendCompressed } from './plugins/compress';
import { registerCatalogEtags } from './plugins/etag';
import { registerErrorHandler } from './plugins/errors';
import { registerLanguage } from './plugins/language';
import { registerYupValidation } from './plugins/validation';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { operationsRoutes } from './routes/catalog/operations';
import { productRoutes } from './routes/catalog/products';
import { siteRoutes } from './routes/catalog/site';
import { checkoutRoutes } from './routes/checkout';
import { contactRoutes } from './routes/contact';
import { reservationRoutes } from './routes/reservations';
import { pruneReservations } from './reservations/reservations';
import { pruneContactMessages } from './contact/messages';
import { cloudPrntRoutes } from './routes/cloudprnt';
import { operatorRoutes } from './routes/operator';
import { orderRoutes } from './routes/orders';
import { sandboxPayRoutes } from './routes/sandbox-pay';
import { tableRoutes } from './routes/tables';
import { tableTabRoutes } from './routes/table-tab';
import { settleStaleTabPayments } from './tables/tab-payments';
import { accountRoutes } from './routes/account';
import { addressRoutes } from './routes/addresses';
import { myOrderRoutes } from './routes/my-orders';
import { pruneRateLimits } from './auth/rate-limit';
import { pruneTokens } from './auth/tokens';
import { createGeocoder, type Geocoder } from './geo';
import { createMemoryMailer, type Mailer } from './mail/mailer';
import { registerXsrf } from './plugins/xsrf';
import { registerCors } from './plugins/cors';
import { branchOrigins, NO_BRANCHES, type BranchSetup } from './branches';
import { redactingLogger } from './log-redaction';
import type { SocialLogins } from './social/logins';
import { createConfirmations } from './orders/confirmation';
import { createDinersWaiting } from './orders/diners-waiting';
import { createMailOutbox, type MailOutboxOptions } from './orders/mail-outbox';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './orders/order-limits';
import { pruneIdempotencyKeys } from './orders/place-order';
import { settleStalePayments } from './orders/status';
import type { PaymentConfig } from './config';
import { createPayments } from './payments';
import { SANDBOX_SESSION_MINUTES } from './payments/sandbox';
import { spokenLocale } from './i18n/catalogs';
import { say } from './i18n/messages';
import { trimHashedAssetHeaders } from './asset-headers';
import { CLOSED_NOTICE_COOKIE, closedNoticeOf } from './closed-notice';
import { createPageRenderer } from './ssr/page-renderer';
import { POPUP_SEEN_COOKIE, popupForHome, seenInCookie, TABLE_ARRIVAL_COOKIE } from './popup-page';
import { SERVER_RENDER_DIR } from './ssr/render-protocol';

export interface AppOptions {
  db: Db;
  /**
   * LISTEN on the database, so live events reach this process's streams (`Database.listen`).
   * Without it (a few tests) streams still start and catch up, but hear nothing new.
   */
  listen?: Database['listen'];
  /** PGlite is one process's alone: the mail outbox takes back what a killed run held at once (unset: as on PostgreSQL). */
  databaseKind?: Database['kind'];
  /** The mail outbox's timing (tests shorten it); defaults in mail-outbox.ts. */
  mailOutbox?: Pick<MailOutboxOptions, 'sweepMs' | 'leaseMs' | 'backoffMs'>;
  /** The built client (Vite's `dist`); without it the server answers the API only. */
  clientDir?: string;
  /** Render storefront pages on the server when the build has its render module (decision 045); on unless false. */
  serverRender?: boolean;
  logger?: FastifyServerOptions['logger'];
  operatorKey?: string;
  publicUrl?: string;
  /** Where mail goes; tests read a memory mailer. Defaults to one that keeps mail in memory. */
  mailer?: Mailer;
  geocoder?: Geocoder;
  social?: SocialLogins;
  rateLimitScale?: number;
  /** The order ceiling and how much the order flood limits are scaled (defaults: DEFAULT_ORDER_LIMITS). */
  orderLimits?: OrderLimits;
  trustProxy?: boolean;
  /** Which payment providers are on (config.ts reads them from the environment); cash only when unset. */
  payments?: PaymentConfig;
  /** The restaurant's branches and whether this server is one of them (config.ts); none when unset. */
  branches?: BranchSetup;
  /** Sent as `X-Instance` on every answer (INSTANCE_NAME), so a balanced set-up shows which process answered. */
  instanceName?: string;
  /** Flipped by the shutdown: from then on `/api/ready` says 503, so the balancer sends no new requests here. */
  readiness?: Readiness;
}

export interface Readiness {
  draining: boolean;
}

/** Links in e-mails use the configured public origin, never a request's Host header (which a sender controls). */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** Vite names every emitted asset after its content hash: those never change under one URL. */
const HASHED_ASSET = /-[\w-]{8}\.(js|css|woff2?|wasm)(\.br|\.gz)?$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? redactingLogger(options.logger) : false,
    // Ids are validated by schema; a body above this is never an honest order or form.
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: options.trustProxy ?? false,
  });
  const siteUrl = options.publicUrl ?? DEFAULT_SITE_URL;
  const readiness = options.readiness ?? { draining: false };
  const instanceName = options.instanceName;
  if (instanceName) {
    // On the raw response, so hijacked replies (the event streams) carry it too.
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.setHeader('x-instance', instanceName);
    });
  }
  const mailer = options.mailer ?? createMemoryMailer();
  const geocoder = options.geocoder ?? createGeocoder({ userAgent: 'tischlein-storefront' });
  const bus: EventBus = await createEventBus({ db: options.db, listen: options.listen ?? (async () => async () => undefined) });
  // The Stripe SDK takes about 180 ms to load: only a server with Stripe switched on pays for it.
  const stripeConfig = options.payments?.stripe;
  const stripe = stripeConfig ? (await import('./payments/stripe')).createStripeGateway(stripeConfig) : undefined;
  const payments = createPayments({ sandbox: options.payments?.sandbox ?? false, card: stripe?.provider });
  const diners = createDinersWaiting();
  const outbox = createMailOutbox({
    db: options.db,
    mailer,
    siteUrl,
    diners,
    exclusive: options.databaseKind === 'pglite',
    ...options.mailOutbox,
    warn: (err, msg) => app.log.warn({ err }, msg),
  });
  // Registered before any route can read the catalog; off again before the database closes.
  const unfollowCatalog = options.listen && options.databaseKind ? await followCatalogCommits(options.db, { kind: options.databaseKind, listen: options.listen }) : async () => undefined;
  const confirmations = createConfirmations({ db: options.db, outbox, warn: (err, msg) => app.log.warn({ err }, msg) });

  registerYupValidation(app);
  registerErrorHandler(app);
  registerLanguage(app);
  registerCatalogEtags(app);
  // The hub and the branches call each other's APIs from the browser: exactly those origins (decision 017).
  const branches = options.branches ?? NO_BRANCHES;
  const otherHosts = branchOrigins(branches);
  registerCors(app, otherHosts);
  await registerXsrf(app, otherHosts);

  registerSecurityHeaders(
    app,
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The QR scanner's decoder is WebAssembly from our own origin: compiling it needs this, nothing broader (decision 002).
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // A diner who chose a branch calls that branch's API (decision 017); nothing else.
          connectSrc: ["'self'", ...otherHosts],
          frameSrc: ['https://www.openstreetmap.org'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  await app.register(
    async (api) => {
      await api.register(siteRoutes, { db: options.db });
      await api.register(productRoutes, { db: options.db });
      await api.register(operationsRoutes, { db: options.db, branches });
      await api.register(checkoutRoutes, {
        db: options.db,
        confirmations,
        diners,
        payments,
        orderLimits: options.orderLimits ?? DEFAULT_ORDER_LIMITS,
        geocoder,
      });
      await api.register(accountRoutes, {
        db: options.db,
        mailer,
        siteUrl,
        social: options.social ?? {},
        rateLimitScale: options.rateLimitScale ?? 1,
      });
      await api.register(addressRoutes, { db: options.db, geocoder, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(contactRoutes, { db: options.db, mailer, siteUrl, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(reservationRoutes, { db: options.db, mailer, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(myOrderRoutes, { db: options.db, bus, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(orderRoutes, { db: options.db, bus, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(availabilityRoutes, { db: options.db, bus });
      await api.register(staffRoutes, {
        prefix: '/staff',
        db: options.db,
        bus,
        payments,
        mailer,
        publicUrl: options.publicUrl,
        rateLimitScale: options.rateLimitScale ?? 1,
        environment: { stripe: Boolean(stripe), operatorApi: Boolean(options.operatorKey), socialProviders: Object.keys(options.social ?? {}) },
      });
      await api.register(tableRoutes, { db: options.db, publicUrl: options.publicUrl, rateLimitScale: options.rateLimitScale ?? 1 });
      await api.register(tableTabRoutes, { db: options.db, bus, payments, rateLimitScale: options.rateLimitScale ?? 1 });
      // Off, the sandbox's pages are not there at all (404), so nobody can approve a payment through them.
      if (payments.sandbox) await api.register(sandboxPayRoutes, { db: options.db, confirmations, payments });
      if (stripe) {
        const { stripeWebhookRoutes } = await import('./routes/stripe-webhook');
        await api.register(stripeWebhookRoutes, { db: options.db, stripe, payments, confirmations });
      }
      await api.register(cloudPrntRoutes, { prefix: '/cloudprnt', db: options.db });
      await api.register(operatorRoutes, {
        prefix: '/operator',
        db: options.db,
        payments,
        operatorKey: options.operatorKey,
        publicUrl: options.publicUrl,
      });
      // Liveness: the process answers. Readiness: it may be sent requests (the balancer's check, decision 032).
      api.get('/health', async () => ({ data: { ok: true } }));
      api.get('/ready', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The server listens only after the migrations ran, so a reachable database here is a migrated one.
        if (readiness.draining) return reply.code(503).send({ data: { ready: false } });
        try {
          await options.db.execute(sql`select 1`);
        } catch (err) {
          request.log.warn({ err }, 'readiness: database unreachable');
          return reply.code(503).send({ data: { ready: false } });
        }
        return { data: { ready: true } };
      });
    },
    { prefix: '/api' },
  );

  // Idempotency keys outlive their retention window only until the next sweep; abandoned card
  // payments are settled with their provider.
  const sweep = () =>
    Promise.all([
      pruneIdempotencyKeys(options.db),
      settleStalePayments(options.db, payments, SANDBOX_SESSION_MINUTES + 1, (id) => void confirmations.paid(id)).then(() => confirmations.sweep()),
      settleStaleTabPayments(options.db, payments, SANDBOX_SESSION_MINUTES + 1),
      pruneTokens(options.db),
      pruneStaffTokens(options.db),
      pruneRateLimits(options.db),
      pruneLiveEvents(options.db),
      pruneHolds(options.db),
      pruneContactMessages(options.db),
      pruneReservations(options.db),
      pruneOrphanFiles(options.db),
    ]).catch((err: unknown) =>
      app.log.warn({ err }, 'sweep failed'),
    );
  let sweeper: NodeJS.Timeout | undefined;
  // The first sweep waits one period too: start-up answers diners first (PGlite runs one query at a time).
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => void sweep(), 10 * 60_000);
    sweeper.unref();
    outbox.start();
  });
  // Open event streams never end on their own: end them, or closing would wait for every board.
  app.addHook('preClose', async () => {
    endAllStreams(bus);
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Before the mailer and the database go: the mail being sent finishes, the rest waits in the table.
    await outbox.stop();
    await unfollowCatalog();
    await bus.close();
    await mailer.close();
  });

  // Uploaded photos come from the database, with or without a built client (decision 023).
  await app.register(mediaRoutes, { db: options.db });

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  // The render module comes from the same build as the pages' scripts, so what it renders hydrates.
  const renderer =
    hasClient && options.serverRender !== false
      ? createPageRenderer({ modulePath: join(clientDir, SERVER_RENDER_DIR, 'entry-server.js'), warn: (message, err) => app.log.warn({ err }, message) })
      : null;
  if (renderer) {
    app.addHook('onReady', async () => renderer.warm());
    app.addHook('onClose', async () => renderer.close());
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      // The server's own render module: run by the server, never sent.
      allowedPath: (path) => !path.startsWith(`/${SERVER_RENDER_DIR}/`),
      // The storefront's page is rendered with the restaurant's name (`sendAppShell`), never sent as the raw file.
      index: false,
      // The build writes `.br` and `.gz` beside every text file (scripts/lib/precompress.ts): sent as
      // they are, by Accept-Encoding, with Vary; a client that accepts neither gets the file itself.
      preCompressed: true,
      setHeaders(reply, path) {
        if (HASHED_ASSET.test(path)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          // Document-only and revalidation headers were bytes on the wire for nothing (issue 16).
          // The worker keeps them all (not hashed).
          trimHashedAssetHeaders(reply);
        }
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  /** Pages the server renders (decision 045): those whose first screen it brings along (decision 028). */
  const SERVER_RENDERED = new Set(['/', '/checkout']);
  // A diner on the hub chooses a branch first: the browser decides where that page goes.
  const branchesOn = async () => isOn(await loadResolvedSettings(options.db), 'BRANCHES_ENABLED');
  // The greetings' cookies: for the session only, never read by the page's scripts.
  const SESSION_COOKIE = { path: '/', httpOnly: true, sameSite: 'lax' } as const;
  // The splash logo shows on a session's first page only (a session cookie, nothing stored about the diner).
  const SPLASH_COOKIE = 'splash-seen';
  // Written by the page when the diner picks a language; only a language we have catalogs for is used.
  const LANG_COOKIE = 'lang';
  const sendAppShell = async (request: FastifyRequest, reply: FastifyReply) => {
    // The worker's copy for an offline start (decision 050): the plain menu, and this visit's cookies left as they are.
    const keptCopy = request.headers[KEPT_PAGE_HEADER] === '1';
    const splash = !keptCopy && request.cookies[SPLASH_COOKIE] !== '1';
    const lang = spokenLocale(request.cookies[LANG_COOKIE] ?? '');
    // `/index.html` is only ever the worker's precache: a copy kept for weeks carries no catalog (decision 028).
    const [pathname = '/', query = ''] = request.url.split('?');
    const params = new URLSearchParams(query);
    const category = Number(params.get('category'));
    const firstScreen =
      pathname === '/index.html' ? undefined : await firstScreenAnswers(app, options.db, lang, pathname, Number.isSafeInteger(category) && category > 0 ? category : null);
    // The home page greets a session with the closed notice once, as the client does (spec §2).
    const noticeSeen = keptCopy || request.cookies[CLOSED_NOTICE_COOKIE] === '1';
    const notice = pathname === '/' && !noticeSeen ? (closedNoticeOf(lang, firstScreen?.answers['/working-hours']) ?? undefined) : undefined;
    const serverRenders = renderer !== null && firstScreen !== undefined && SERVER_RENDERED.has(pathname) && !(await branchesOn());
    // The session's popup page, in the first paint too (decision 045): the render is of the page with it open.
    const seenPopups = seenInCookie(request.cookies[POPUP_SEEN_COOKIE]);
    const tableArrival = pathname === '/' && params.has('table');
    const atTable = tableArrival || request.cookies[TABLE_ARRIVAL_COOKIE] === '1';
    // The table's session with the page (decision 047): a screen of this page's own, never the shared one.
    const arrival =
      // Two codes in one address are nobody's table: the browser's arrival decides which it asks for.
      tableArrival && firstScreen && params.getAll('table').length === 1
        ? await tableArrivalForPage(options.db, params.get('table') ?? '', request.ip, { lang, scale: options.rateLimitScale ?? 1 })
        : undefined;
    const pageScreen = arrival && firstScreen ? { ...firstScreen, table: arrival } : firstScreen;
    const popup = serverRenders && pathname === '/' && !keptCopy ? popupForHome(firstScreen, params, { seen: seenPopups, closedNotice: notice !== undefined, atTable }) : null;
    const url = popup === null ? request.url : `/?${new URLSearchParams([...params, ['page', String(popup)]]).toString()}`;
    const rendered = serverRenders && pageScreen ? await renderer.render({ url, screen: pageScreen, closedNotice: noticeSeen ? 'seen' : 'show' }) : null;
    const shell = await renderAppShell(options.db, clientDir ?? '', {
      splash,
      lang,
      firstScreen: pageScreen,
      notice,
      rendered: rendered ? { ...rendered, closedNotice: notice ? 'shown' : noticeSeen ? 'seen' : '', popup } : undefined,
      warn: (message) => request.log.warn(message),
    });
    if (rendered && popup !== null) reply.setCookie(POPUP_SEEN_COOKIE, [...seenPopups, popup].join(','), SESSION_COOKIE);
    if (tableArrival) reply.setCookie(TABLE_ARRIVAL_COOKIE, '1', SESSION_COOKIE);
    if (splash) reply.setCookie(SPLASH_COOKIE, '1', SESSION_COOKIE);
    if (notice) reply.setCookie(CLOSED_NOTICE_COOKIE, '1', SESSION_COOKIE);
    // Helmet has written the app's policy on the raw response; this page's nonce and the header code's origins join it.
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', extendCsp(policy, shell.csp));
    return sendCompressed(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), shell.html);
  };

  // The install name and icon follow SITE_TITLE and FAVICON without a rebuild (decision 019).
  app.get('/manifest.webmanifest', async (request, reply) =>
    sendCompressed(
      request,
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8'),
      JSON.stringify(webManifest(await loadResolvedSettings(options.db))),
    ),
  );
  if (hasClient) {
    // The worker precaches `/index.html`: it gets the named page too.
    app.get('/', (request, reply) => sendAppShell(request, reply));
    app.get('/index.html', (request, reply) => sendAppShell(request, reply));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The API never falls back to the app shell: a missing endpoint is a JSON 404.
    const isApi = path === '/api' || path.startsWith('/api/');
    const isPageRequest = request.method === 'GET' && !/\.[a-z0-9]+$/i.test(path);
    if (!isApi && hasClient && isPageRequest) {
      // The staff side is the build's second page; everything else boots the storefront.
      if (path !== '/staff' && !path.startsWith('/staff/')) return sendAppShell(request, reply);
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('staff.html');
    }
    return reply.code(404).send({ message: say(request.lang, isApi ? 'error.notFound' : 'error.fileNotFound') });
  });

  return app;
}
