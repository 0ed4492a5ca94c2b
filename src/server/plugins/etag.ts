import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { etagMatches as matches } from './prepared-json';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public catalog data: ETag + revalidation, varying by language. */
    catalog?: boolean;
  }
}


/**
 * Catalog answers carry a content hash as ETag and must be revalidated (`no-cache`), so the
 * service worker and browsers get a 304 without a body while nothing changed.
 */
export function registerCatalogEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.routeOptions.config.catalog || request.method !== 'GET' || reply.statusCode !== 200) return payload;
    // A prepared answer (prepared-json.ts) set its own ETag and headers.
    if (typeof payload !== 'string' || reply.hasHeader('etag')) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Language');
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
