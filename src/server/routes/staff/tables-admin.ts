import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/contract/params';
import { tableCreateSchema, tableUpdateSchema, type TableCreate, type TableUpdate } from '../../../shared/contract/tables-admin';
import { createTable, listTables, renewTableCode, updateTable } from '../../admin/tables/tables';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import { HttpError } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';

/** The back office's tables; the print sheet stays `GET /tables` (service routes). */
export async function staffTableAdminRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/tables/all', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await listTables(db) };
  });

  app.post<{ Body: TableCreate }>('/tables', { schema: { body: tableCreateSchema } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return reply.code(201).send({ data: await createTable(db, staff, request.body) });
  });

  app.patch<{ Params: { id: number }; Body: TableUpdate }>('/tables/:id', { schema: { params: idParams, body: tableUpdateSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const table = await updateTable(db, staff, request.params.id, request.body);
    if (!table) throw new HttpError(404, say(request.lang, 'admin.notFound'));
    return { data: table };
  });

  app.post<{ Params: { id: number } }>('/tables/:id/code', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const table = await renewTableCode(db, staff, request.params.id);
    if (!table) throw new HttpError(404, say(request.lang, 'admin.notFound'));
    return { data: table };
  });
}
