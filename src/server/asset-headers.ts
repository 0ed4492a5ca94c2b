import type { FastifyReply } from 'fastify';

/**
 * Response headers a hashed, immutable asset (a script, a stylesheet, a font, the decoder's wasm)
 * does not need. Each governs documents only (framing, opener, origin clustering, HSTS, which the
 * page's own response carries), or a browser that no longer exists (X-Download-Options, X-XSS),
 * or partial reads. ETag and Last-Modified stay: revalidation is part of the static contract
 * (tests/api/compression.test.ts), for clients that ignore `immutable`. Over HTTP/1.1 every byte of them was sent with
 * each of the first visit's 35 scripts, about 0.4 KB a file (issue 16). Kept: cache-control, the
 * content headers, `vary`, `x-content-type-options` (a script's MIME type must not be sniffed) and
 * `cross-origin-resource-policy` (no other site may load our files as its own subresources).
 */
const NOT_FOR_HASHED_ASSETS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'accept-ranges',
];

/** Drops them: helmet writes on the raw response, the static server on the reply. */
export function trimHashedAssetHeaders(reply: FastifyReply): void {
  for (const name of NOT_FOR_HASHED_ASSETS) {
    reply.removeHeader(name);
    reply.raw.removeHeader(name);
  }
}
