import type { FastifyInstance } from 'fastify';
import type { CatalogVersion, CategoryProductsMeta, Product } from '../../../shared/contract/catalog';
import { categoryProductParams, idParams } from '../../../shared/contract/params';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { loadCategories, loadCategory, loadMenus, loadProducts } from './load';
import { catalogVersion } from './version';

export async function productRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const config = { catalog: true };

  app.get('/products/menus', { config }, async (request) => ({ data: await loadMenus(db, request.lang) }));

  app.get('/products/menus/:id', { config, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: number };
    const [menu] = await loadMenus(db, request.lang, id);
    if (!menu) throw notFound('menu');
    return { data: menu };
  });

  // Not cached by the service worker: a device asks it online to learn whether its offline menu is current.
  app.get('/products/version', { config }, async (request) => {
    const data: CatalogVersion = { version: await catalogVersion(db, request.lang) };
    return { data };
  });

  app.get('/products/categories', { config }, async (request) => ({ data: await loadCategories(db, request.lang) }));

  app.get('/products/categories/:id/products', { config, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: number };
    const category = await loadCategory(db, request.lang, id);
    if (!category) throw notFound('category');
    const data = await loadProducts(db, request.lang, { categoryId: id });
    const meta: CategoryProductsMeta = { category: { data: category } };
    return { data, meta };
  });

  app.get(
    '/products/categories/:categoryId/products/:productId',
    { config, schema: { params: categoryProductParams } },
    async (request) => {
      const { categoryId, productId } = request.params as { categoryId: number; productId: number };
      const [product]: (Product | undefined)[] = await loadProducts(db, request.lang, { productIds: [productId] });
      // A product is addressed through its own category; another category's id is as unknown as a wrong product id.
      if (!product || product.category.id !== categoryId) throw notFound('product');
      return { data: product };
    },
  );
}
