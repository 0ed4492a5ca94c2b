import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { loadCategories, loadMenus, loadProducts } from './load';

/**
 * Hashes what the menu calls answer in this language (every category, every active product,
 * every menu), so any change a diner could see offline gives a new version.
 */
export async function catalogVersion(db: Db, lang: string): Promise<string> {
  const categories = await loadCategories(db, lang);
  const ids = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.active, true));
  const products = await loadProducts(db, lang, { productIds: ids.map((r) => r.id) });
  const menus = await loadMenus(db, lang);
  return createHash('sha1').update(JSON.stringify({ categories, products, menus })).digest('base64url');
}
