/**
 * What the storefront's menu calls answer, built once per catalog revision and language from the
 * database and then served from memory (decision 030); the version is the hash of exactly what
 * those calls answer.
 */
import { createHash } from 'node:crypto';
import type { Category, Menu, Product } from '../../shared/contract/catalog';
import type { Db } from '../db/client';
import { loadCategories, loadMenus, loadProducts, visibleProductIds } from './load';
import { catalogSnapshot } from './snapshot';

export interface MenuReads {
  categories: Category[];
  /** Visible products, in the menu's order. */
  products: Product[];
  menus: Menu[];
  /** Changes whenever anything a diner could see offline changes. */
  version: string;
  categoryById: Map<number, Category>;
  productsByCategory: Map<number, Product[]>;
  productById: Map<number, Product>;
  menuById: Map<number, Menu>;
}

async function buildMenuReads(db: Db, lang: string): Promise<MenuReads> {
  const [categories, products, menus] = await Promise.all([
    loadCategories(db, lang),
    visibleProductIds(db).then((ids) => loadProducts(db, lang, { productIds: ids })),
    loadMenus(db, lang),
  ]);
  const version = createHash('sha1').update(JSON.stringify({ categories, products, menus })).digest('base64url');
  const productsByCategory = new Map<number, Product[]>();
  for (const p of products) {
    const list = productsByCategory.get(p.category.id);
    if (list) list.push(p);
    else productsByCategory.set(p.category.id, [p]);
  }
  return {
    categories,
    products,
    menus,
    version,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    productsByCategory,
    productById: new Map(products.map((p) => [p.id, p])),
    menuById: new Map(menus.map((m) => [m.id, m])),
  };
}

/** The current revision's menu reads. The revision read is shared by requests arriving together. */
export async function menuReads(db: Db, lang: string): Promise<{ revision: string; reads: MenuReads }> {
  const snapshot = catalogSnapshot(db);
  const revision = await snapshot.sharedRevision();
  const reads = await snapshot.derive(revision, `menu-reads:${lang}`, () => buildMenuReads(db, lang));
  return { revision, reads };
}

/** Hashes what the menu calls answer in this language, so any change a diner could see offline gives a new version. */
export async function catalogVersion(db: Db, lang: string): Promise<string> {
  return (await menuReads(db, lang)).reads.version;
}
