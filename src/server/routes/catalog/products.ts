import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogVersion, CategoryProductsMeta } from '../../../shared/contract/catalog';
import { categoryProductParams, idParams } from '../../../shared/contract/params';
import { menuReads, type MenuReads } from '../../catalog/menu-reads';
import { catalogSnapshot } from '../../catalog/snapshot';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { prepareJson, sendPrepared } from '../../plugins/prepared-json';

/** Served from the catalog snapshot (decision 030): no statement but the shared revision read while the menu is unchanged. */
export async function productRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const config = { catalog: true };
  const snapshot = catalogSnapshot(db);

  /** The answer `what` builds from the current menu, serialized and compressed once per revision and language. */
  const prepared = async (request: FastifyRequest, reply: FastifyReply, what: string, body: (reads: MenuReads) => unknown) => {
    const { revision, reads } = await menuReads(db, request.lang);
    const answer = await snapshot.derive(revision, `json:${request.lang}:${what}`, () => prepareJson(body(reads)));
    return sendPrepared(request, reply, answer);
  };

  app.get('/products/menus', { config }, (request, reply) => prepared(request, reply, 'menus', (r) => ({ data: r.menus })));

  app.get('/products/menus/:id', { config, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: number };
    const menu = (await menuReads(db, request.lang)).reads.menuById.get(id);
    if (!menu) throw notFound('menu');
    return { data: menu };
  });

  // Not cached by the service worker: a device asks it online to learn whether its offline menu is current.
  app.get('/products/version', { config }, (request, reply) =>
    prepared(request, reply, 'version', (r) => {
      const data: CatalogVersion = { version: r.version };
      return { data };
    }),
  );

  app.get('/products/categories', { config }, (request, reply) => prepared(request, reply, 'categories', (r) => ({ data: r.categories })));

  app.get('/products/categories/:id/products', { config, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const { reads } = await menuReads(db, request.lang);
    const category = reads.categoryById.get(id);
    if (!category) throw notFound('category');
    return prepared(request, reply, `category:${id}`, (r) => {
      const meta: CategoryProductsMeta = { category: { data: category } };
      return { data: r.productsByCategory.get(id) ?? [], meta };
    });
  });

  app.get(
    '/products/categories/:categoryId/products/:productId',
    { config, schema: { params: categoryProductParams } },
    async (request) => {
      const { categoryId, productId } = request.params as { categoryId: number; productId: number };
      const product = (await menuReads(db, request.lang)).reads.productById.get(productId);
      // A product is addressed through its own category; another category's id is as unknown as a wrong product id.
      if (!product || product.category.id !== categoryId) throw notFound('product');
      return { data: product };
    },
  );
}
