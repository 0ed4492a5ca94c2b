import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES } from '../../../shared/contract/photos';
import { say } from '../../i18n/messages';

/**
 * The raw image uploads (photos, the logo; decision 023): the file's bytes as the body with an
 * `image/*` type. Registered per plugin, so only that plugin's routes take an image body.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser(/^image\/[\w.+-]+$/i, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));
}

/** Fastify's own refusals of an image body (too large, not an image type), in the uploader's language. */
function imageBodyErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: say(request.lang, 'photos.tooLarge') });
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ message: say(request.lang, 'photos.format') });
  throw error;
}

/** The route options of an upload: the 20 MB limit on this route only, and the worded refusals. */
export const imageUploadOptions = { bodyLimit: MAX_PHOTO_BYTES, errorHandler: imageBodyErrors } as const;

/** The body as bytes; a JSON or text body is none, and is refused like a file that does not decode. */
export const imageBytes = (body: unknown): Buffer | undefined => (Buffer.isBuffer(body) ? body : undefined);
