import type { FastifyInstance } from 'fastify';
import {
  comboActiveSchema,
  comboMenuSchema,
  comboOrderSchema,
  type ComboMenuInput,
} from '../../../shared/contract/combo-admin';
import { idParams } from '../../../shared/contract/params';
import { comboProductOptions, listComboMenus } from '../../admin/combos/read';
import { createComboMenu, deleteComboMenu, reorderComboMenus, setComboActive, updateComboMenu } from '../../admin/combos/write';
import type { Db } from '../../db/client';
import { requireStaff } from '../../staff/guard';

/** The combo menu editor: everyone on staff reads, owners and managers write. */
export async function staffComboRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/combo-menus', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await listComboMenus(db) };
  });

  app.get('/combo-menus/products', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await comboProductOptions(db, request.lang) };
  });

  app.post<{ Body: ComboMenuInput }>('/combo-menus', { schema: { body: comboMenuSchema } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return reply.code(201).send({ data: await createComboMenu(db, staff, request.body, request.lang) });
  });

  app.put<{ Body: { ids: number[] } }>('/combo-menus/order', { schema: { body: comboOrderSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return { data: await reorderComboMenus(db, staff, request.body.ids, request.lang) };
  });

  app.put<{ Params: { id: number }; Body: ComboMenuInput }>(
    '/combo-menus/:id',
    { schema: { params: idParams, body: comboMenuSchema } },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'edit');
      return { data: await updateComboMenu(db, staff, request.params.id, request.body, request.lang) };
    },
  );

  app.put<{ Params: { id: number }; Body: { active: boolean } }>(
    '/combo-menus/:id/active',
    { schema: { params: idParams, body: comboActiveSchema } },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'edit');
      return { data: await setComboActive(db, staff, request.params.id, request.body.active, request.lang) };
    },
  );

  app.delete<{ Params: { id: number } }>('/combo-menus/:id', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    return { data: await deleteComboMenu(db, staff, request.params.id, request.lang) };
  });
}
