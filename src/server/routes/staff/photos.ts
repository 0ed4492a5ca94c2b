import type { FastifyInstance } from 'fastify';
import { photoAltSchema, photoParamsSchema, type PhotoAltBody, type PhotoOwner, type PhotoTarget } from '../../../shared/contract/photos';
import { listPhotoOwners, photoOwner, removePhoto, setPhotoAlt, uploadPhoto, type PhotoOwnerRow } from '../../admin/photos/photos';
import { PhotoRefused } from '../../admin/photos/process';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import { FieldErrors, HttpError } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';
import { mediaOut, tr } from '../../catalog/load';
import { acceptImageBodies, imageBytes, imageUploadOptions } from './image-body';

type Params = { target: PhotoTarget; id: number };

const ownerOut = (row: PhotoOwnerRow, lang: string): PhotoOwner => ({
  target: row.target,
  id: row.id,
  name: tr(row.name, lang),
  group: row.group ? tr(row.group, lang) : '',
  poster: mediaOut(row.poster, lang, `${row.target}-${row.id}`),
  alt: row.poster?.alt ?? {},
});

/**
 * The photos of the menu (decision 023). An upload is the image's bytes as the body
 * (`Content-Type: image/*`), up to MAX_PHOTO_BYTES on this route only; every answer is the
 * record's photo as the Photos screen shows it.
 */
export async function staffPhotoRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  acceptImageBodies(app);

  const answer = async (target: PhotoTarget, id: number, lang: string) => {
    const row = await photoOwner(db, target, id);
    if (!row) throw new HttpError(404, say(lang, 'photos.notFound'));
    return { data: ownerOut(row, lang) };
  };

  app.get('/photos', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: (await listPhotoOwners(db)).map((row) => ownerOut(row, request.lang)) };
  });

  app.get<{ Params: Params }>('/photos/:target/:id', { schema: { params: photoParamsSchema } }, async (request) => {
    await requireStaff(db, request, 'editRead');
    return answer(request.params.target, request.params.id, request.lang);
  });

  app.put<{ Params: Params; Body: unknown }>(
    '/photos/:target/:id',
    { schema: { params: photoParamsSchema }, ...imageUploadOptions },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'edit');
      const { target, id } = request.params;
      const upload = imageBytes(request.body);
      try {
        const saved = await uploadPhoto(db, staff, target, id, upload ?? Buffer.alloc(0));
        if (!saved) throw new HttpError(404, say(request.lang, 'photos.notFound'));
      } catch (error) {
        // A JSON or text body is not a photo either: the same answer as a file that does not decode.
        if (error instanceof PhotoRefused) throw new FieldErrors({ photo: [say(request.lang, upload ? `photos.${error.reason}` : 'photos.notImage')] });
        throw error;
      }
      return answer(target, id, request.lang);
    },
  );

  app.delete<{ Params: Params }>('/photos/:target/:id', { schema: { params: photoParamsSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const { target, id } = request.params;
    if (!(await removePhoto(db, staff, target, id))) throw new HttpError(404, say(request.lang, 'photos.notFound'));
    return answer(target, id, request.lang);
  });

  app.patch<{ Params: Params; Body: PhotoAltBody }>('/photos/:target/:id', { schema: { params: photoParamsSchema, body: photoAltSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const { target, id } = request.params;
    const result = await setPhotoAlt(db, staff, target, id, request.body.alt);
    if (result.status === 'missing') throw new HttpError(404, say(request.lang, 'photos.notFound'));
    if (result.status === 'noPhoto') throw new FieldErrors({ alt: [say(request.lang, 'photos.noPhoto')] });
    return answer(target, id, request.lang);
  });
}
