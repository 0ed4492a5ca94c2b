import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/contract/params';
import { pageOrderSchema, pageSaveSchema, type PageSave } from '../../../shared/contract/pages-admin';
import { createPage, defaultLanguage, deletePage, listPages, reorderPages, updatePage } from '../../admin/pages/pages';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import { FieldErrors, HttpError } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';

/** The back office's content pages: list, create, edit, reorder, delete. */
export async function staffPageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The storefront falls back to the default language: a page needs its name there. Returns that language. */
  const assertNamed = async (body: PageSave, lang: string): Promise<string> => {
    const first = await defaultLanguage(db);
    if (!body.name[first]?.trim()) throw new FieldErrors({ name: [say(lang, 'validation.required')] });
    return first;
  };

  app.get('/pages', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await listPages(db) };
  });

  app.post<{ Body: PageSave }>('/pages', { schema: { body: pageSaveSchema } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const first = await assertNamed(request.body, request.lang);
    return reply.code(201).send({ data: await createPage(db, staff, request.body, first) });
  });

  app.put<{ Params: { id: number }; Body: PageSave }>('/pages/:id', { schema: { params: idParams, body: pageSaveSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const first = await assertNamed(request.body, request.lang);
    const page = await updatePage(db, staff, request.params.id, request.body, first);
    if (!page) throw new HttpError(404, say(request.lang, 'admin.notFound'));
    return { data: page };
  });

  // Answers the pages that remain, so the list redraws without asking again.
  app.delete<{ Params: { id: number } }>('/pages/:id', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const outcome = await deletePage(db, staff, request.params.id, await defaultLanguage(db));
    if (outcome === 'missing') throw new HttpError(404, say(request.lang, 'admin.notFound'));
    if (outcome === 'terms') throw new HttpError(409, say(request.lang, 'pages.usedAsTerms'));
    if (outcome === 'privacy') throw new HttpError(409, say(request.lang, 'pages.usedAsPrivacy'));
    return { data: await listPages(db) };
  });

  app.put<{ Body: { ids: number[] } }>('/pages/order', { schema: { body: pageOrderSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return { data: await reorderPages(db, staff, request.body.ids) };
  });
}
