import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { loadCategories, loadMenus, loadProducts, visibleProductIds } from './load';

/**
 * Hashes what the menu calls answer in this language (every category, every active product,
 * every menu), so any change a diner could see offline gives a new version.
 */
export async function catalogVersion(db: Db, lang: string): Promise<string> {
  const categories = await loadCategories(db, lang);
  const products = await loadProducts(db, lang, { productIds: await visibleProductIds(db) });
  const menus = await loadMenus(db, lang);
  return createHash('sha1').update(JSON.stringify({ categories, products, menus })).digest('base64url');
}
