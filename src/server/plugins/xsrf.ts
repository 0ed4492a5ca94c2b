/**
 * Anti-forgery by double submit (spec §7, Angular's convention): the API sets a random
 * `XSRF-TOKEN` cookie that scripts on our origin can read, and every state-changing call must
 * echo it in `X-XSRF-TOKEN`. Another site can make the browser send the cookie, but cannot read
 * it to set the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { say } from '../i18n/messages';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The operator API is called by tools with a bearer key, and Stripe's webhook is signed by Stripe:
 * neither comes with the browser's ambient cookies.
 */
function isExempt(url: string): boolean {
  return url.startsWith('/api/operator/') || url.startsWith('/api/operator?') || url === '/api/payments/stripe/webhook';
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function headerOf(request: FastifyRequest): string {
  const value = request.headers[XSRF_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export async function registerXsrf(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return;
    const current = request.cookies[XSRF_COOKIE] ?? '';
    const valid = TOKEN.test(current);
    if (!valid) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false,
        maxAge: 365 * 86_400,
      });
    }
    if (SAFE_METHODS.has(request.method) || isExempt(request.url)) return;
    const header = headerOf(request);
    if (!valid || !TOKEN.test(header) || !same(current, header)) {
      return reply.code(403).send({ message: say(request.lang, 'auth.xsrf'), code: 'xsrf' });
    }
  });
}
