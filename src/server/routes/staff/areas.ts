import type { FastifyInstance, FastifyRequest } from 'fastify';
import { areaEditSchema, type AreaEditValues } from '../../../shared/contract/areas-admin';
import { idParams } from '../../../shared/contract/params';
import { createArea, deleteArea, listAreas, updateArea } from '../../admin/areas/areas-admin';
import type { Db } from '../../db/client';
import { requireStaff } from '../../staff/guard';

/** Delivery areas: list with the map's data, create, edit, delete (refused while addresses lie in the area). */
export async function staffAreaRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/areas', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await listAreas(db) };
  });

  // Who may write is settled before the body is read: a stranger gets 401, never a list of field errors.
  const mayEdit = async (request: FastifyRequest) => void (await requireStaff(db, request, 'edit'));

  app.post<{ Body: AreaEditValues }>('/areas', { preValidation: mayEdit, schema: { body: areaEditSchema } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return reply.code(201).send({ data: await createArea(db, staff, request.body) });
  });

  app.put<{ Params: { id: number }; Body: AreaEditValues }>('/areas/:id', { preValidation: mayEdit, schema: { params: idParams, body: areaEditSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return { data: await updateArea(db, staff, request.lang, request.params.id, request.body) };
  });

  app.delete<{ Params: { id: number } }>('/areas/:id', { preValidation: mayEdit, schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    await deleteArea(db, staff, request.lang, request.params.id);
    return { data: { id: request.params.id } };
  });
}
