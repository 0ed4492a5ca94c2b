import type { FastifyInstance } from 'fastify';
import {
  categoryDocSchema,
  productDocSchema,
  reorderSchema,
  type CategoryDoc,
  type ProductDoc,
} from '../../../shared/contract/menu-admin';
import { idParams } from '../../../shared/contract/params';
import { createCategory, menuOverview, reorder, updateCategory } from '../../admin/menu/categories';
import { editableProduct, readProductDoc } from '../../admin/menu/product-doc';
import { deleteCategory, deleteProduct } from '../../admin/menu/retire';
import { saveProduct } from '../../admin/menu/save-product';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';

type Id = { Params: { id: number } };

/** The menu editor (decision 021): everyone on staff reads it, owners and managers change it. */
export async function staffMenuRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Who may come in is settled before the body is read: a stranger learns nothing from a 422.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireStaff(db, request, request.method === 'GET' ? 'editRead' : 'edit');
  });
  const actor = async (request: Parameters<typeof requireStaff>[1]) => (await requireStaff(db, request, 'edit')).staff;
  const productDoc = async (id: number) => {
    const row = await editableProduct(db, id);
    if (!row) throw notFound('product');
    return readProductDoc(db, row);
  };

  app.get('/menu', async (request) => ({ data: await menuOverview(db, request.lang) }));

  app.get<Id>('/menu/products/:id', { schema: { params: idParams } }, async (request) => ({ data: await productDoc(request.params.id) }));

  app.post<{ Body: ProductDoc }>('/menu/products', { schema: { body: productDocSchema } }, async (request, reply) => {
    const id = await saveProduct(db, await actor(request), request.lang, null, request.body);
    return reply.code(201).send({ data: await productDoc(id) });
  });

  app.put<Id & { Body: ProductDoc }>('/menu/products/:id', { schema: { params: idParams, body: productDocSchema } }, async (request) => {
    const id = await saveProduct(db, await actor(request), request.lang, request.params.id, request.body);
    return { data: await productDoc(id) };
  });

  app.delete<Id>('/menu/products/:id', { schema: { params: idParams } }, async (request) => ({
    data: await deleteProduct(db, await actor(request), request.params.id),
  }));

  app.post<{ Body: CategoryDoc }>('/menu/categories', { schema: { body: categoryDocSchema } }, async (request, reply) => {
    const id = await createCategory(db, await actor(request), request.body);
    return reply.code(201).send({ data: { id } });
  });

  app.put<{ Body: { ids: number[] } }>('/menu/categories/order', { schema: { body: reorderSchema } }, async (request) => {
    await reorder(db, await actor(request), request.lang, { kind: 'categories' }, request.body.ids);
    return { data: await menuOverview(db, request.lang) };
  });

  app.put<Id & { Body: CategoryDoc }>('/menu/categories/:id', { schema: { params: idParams, body: categoryDocSchema } }, async (request) => {
    await updateCategory(db, await actor(request), request.params.id, request.body);
    return { data: { id: request.params.id } };
  });

  app.delete<Id>('/menu/categories/:id', { schema: { params: idParams } }, async (request) => ({
    data: await deleteCategory(db, await actor(request), request.params.id),
  }));

  app.put<Id & { Body: { ids: number[] } }>(
    '/menu/categories/:id/products/order',
    { schema: { params: idParams, body: reorderSchema } },
    async (request) => {
      await reorder(db, await actor(request), request.lang, { kind: 'products', categoryId: request.params.id }, request.body.ids);
      return { data: await menuOverview(db, request.lang) };
    },
  );
}
