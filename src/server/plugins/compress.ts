import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed body saves less than its own headers cost. */
const MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The encodings a request accepts (q > 0), `*` standing for any. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function pick(header: string | string[] | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * A page rendered per request (the app shell, the web manifest), compressed for the client that
 * accepts it: brotli at a fast quality (the body is small and made now, so a high quality would
 * cost more time than it saves bytes), else gzip, else as it is. Static files are compressed at
 * build time instead (`scripts/lib/precompress.ts`); the API is not compressed here.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding = Buffer.byteLength(body) >= MIN_BYTES ? pick(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(Buffer.from(body));
  return reply.header('content-encoding', encoding).send(compressedOnce(body, encoding));
}

/**
 * Pages repeat: the same shell, first-screen data and settings until something changes (decision
 * 033). The last few bodies' compressed bytes are kept, keyed by the text itself, so an unchanged
 * page costs a lookup instead of compressing ~80 KB again. A page with a nonce (operator header
 * code) never repeats and is simply compressed, as before.
 */
const recent = new Map<string, Buffer>();
const RECENT_PAGES = 16;

function compressedOnce(body: string, encoding: Encoding): Buffer {
  const key = encoding + body;
  const hit = recent.get(key);
  if (hit) return hit;
  const raw = Buffer.from(body);
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw, { level: 6 });
  if (recent.size >= RECENT_PAGES) recent.delete(recent.keys().next().value ?? '');
  recent.set(key, compressed);
  return compressed;
}
