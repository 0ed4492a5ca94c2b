import type { FastifyInstance } from 'fastify';
import { readFile } from '../admin/photos/store';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';

const FILE = /^([0-9a-f]{32})\.(avif|webp|jpg|png)$/;
const TYPE_OF_EXT: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/**
 * Uploaded photos' and logos' files from the database (decision 023). The name is the hash of the bytes, so
 * an answer never changes: a year of caching, and the hash as ETag for the odd revalidation.
 * Seeded pictures live in folders under /media and stay with the static files.
 */
export async function mediaRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const hash = match?.[1];
    const type = match?.[2] ? TYPE_OF_EXT[match[2]] : undefined;
    const file = hash && type ? await readFile(db, hash) : undefined;
    if (!hash || !file || file.contentType !== type) return reply.code(404).header('cache-control', 'no-store').send({ message: say(request.lang, 'error.notFound') });
    const etag = `"${hash}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
}
