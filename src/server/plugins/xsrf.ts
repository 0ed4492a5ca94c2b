/**
 * Anti-forgery by double submit (spec §7, Angular's convention): the API sets a random
 * `XSRF-TOKEN` cookie that scripts on our origin can read, and every state-changing call must
 * echo it in `X-XSRF-TOKEN`. Another site can make the browser send the cookie, but cannot read
 * it to set the header.
 *
 * Across origins (issue 13: the hub's page calling a branch's API) the page cannot read the
 * branch's cookie, and a cross-site cookie may not even be sent. There the browser's own Origin
 * header is the proof instead: a page cannot set or forge it, so a state-changing call whose
 * Origin is one of the restaurant's configured hosts comes from one of our pages. Every other
 * origin, a missing Origin or `null` still needs the matching pair (decision 017).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { say } from '../i18n/messages';
import { STRIPE_WEBHOOK_PATH } from '../payments/stripe-paths';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_BYTES = 32;

/**
 * New tokens are cut from one CSPRNG draw of many: a client without the cookie (every first visit,
 * every crawler) gets one on each API call, and a `randomBytes` call per token was 6 % of a cached
 * menu read's CPU (issue 16). Each token is its own fresh bytes; none is handed out twice.
 */
let pool = Buffer.alloc(0);
let taken = 0;
function newToken(): string {
  if (taken + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256);
    taken = 0;
  }
  const token = pool.toString('base64url', taken, taken + TOKEN_BYTES);
  taken += TOKEN_BYTES;
  return token;
}

/**
 * The path the router matched, as its pattern with the prefix (`/api/me/addresses/:id`), or
 * undefined when no route took the request. Never the raw `request.url`: the router decodes
 * `/%61pi/…` and strips an absolute-form target's scheme and host, so a check on the raw URL
 * looks at another path than the one that runs.
 */
function routedPath(request: FastifyRequest): string | undefined {
  return request.is404 ? undefined : request.routeOptions.url;
}

const under = (path: string | undefined, prefix: string): boolean => path !== undefined && (path === prefix || path.startsWith(`${prefix}/`));

/**
 * The operator API is called by tools with a bearer key, Stripe's webhook is signed by Stripe, and
 * a ticket printer names its key in its URL: none comes with the browser's ambient cookies.
 */
const isExempt = (path: string | undefined): boolean => under(path, '/api/operator') || under(path, '/api/cloudprnt') || path === `/api${STRIPE_WEBHOOK_PATH}`;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function headerOf(request: FastifyRequest): string {
  const value = request.headers[XSRF_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The Origin header, when it is exactly one of the trusted origins. */
function fromTrustedOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && trusted.has(origin);
}

export async function registerXsrf(app: FastifyInstance, trustedOrigins: readonly string[] = []): Promise<void> {
  const trusted = new Set(trustedOrigins);
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    const path = routedPath(request);
    // Every state-changing request is checked, whatever it routes to, save the operator API's
    // routes: a request no route takes changes nothing, and refusing it too leaves no path
    // spelling to argue about.
    const checked = !SAFE_METHODS.has(request.method) && !isExempt(path);
    if (!under(path, '/api') && !checked) return;
    const current = request.cookies[XSRF_COOKIE] ?? '';
    const valid = TOKEN.test(current);
    if (!valid) {
      reply.setCookie(XSRF_COOKIE, newToken(), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
        maxAge: 365 * 86_400,
      });
    }
    if (!checked || fromTrustedOrigin(request, trusted)) return;
    const header = headerOf(request);
    if (!valid || !TOKEN.test(header) || !same(current, header)) {
      return reply.code(403).send({ message: say(request.lang, 'auth.xsrf'), code: 'xsrf' });
    }
  });
}
