/**
 * Cross-origin calls from the restaurant's other hosts (issue 13: a diner on the hub who chose a
 * branch calls that branch's API). Only the configured origins get CORS headers; any other origin
 * gets none, so its pages cannot read an answer or pass a preflight. No credentials: the API's
 * sign-in is a bearer token in a header, and the anti-forgery rule across origins is the Origin
 * header itself (plugins/xsrf.ts), so no cookie needs to cross.
 */
import type { FastifyInstance } from 'fastify';

/** What the storefront sends: anything else in a preflight is not ours and gets no approval. */
const ALLOWED_HEADERS = 'Accept, Accept-Language, Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID, X-XSRF-TOKEN';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** The client reads Retry-After on a 429 or 503. */
const EXPOSED_HEADERS = 'Retry-After, ETag';

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

function appendVary(current: unknown, value: string): string {
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === value.toLowerCase()) ? list.join(', ') : [...list, value].join(', ');
}

export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return;
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    // A preflight is answered here, before any route or the anti-forgery check: it changes nothing.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      reply.header('vary', 'Origin');
      return reply.code(204).send();
    }
  });
  // The answer depends on the Origin (headers or none): shared caches must keep them apart.
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url)) reply.header('vary', appendVary(reply.getHeader('vary'), 'Origin'));
  });
}
