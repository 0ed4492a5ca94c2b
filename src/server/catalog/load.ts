import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sortCodes } from '../../shared/allergens';
import type {
  Category,
  Declaration,
  Extra,
  Media,
  Menu,
  MenuSlot,
  Option,
  Product,
  Size,
  Variant,
} from '../../shared/contract/catalog';
import { DEFAULT_SIZE_NAME } from '../../shared/contract/catalog';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { I18nText, StoredMedia } from '../db/schema';

/** Chosen language, else German (the restaurant's own), else whatever exists; an empty text is a missing one. */
export function tr(value: I18nText | null | undefined, lang: string): string {
  if (!value) return '';
  const given = (code: string) => (Object.hasOwn(value, code) && value[code]?.trim() ? value[code] : undefined);
  return given(lang) ?? given('de') ?? Object.values(value).find((v) => v.trim()) ?? '';
}

const euros = (cents: number) => cents / 100;

export function mediaOut(stored: StoredMedia | null | undefined, lang: string, id: string): Media | null {
  if (!stored) return null;
  const media: Media = { id, url: stored.url, alt: tr(stored.alt, lang), variants: { ...stored.variants } };
  if (stored.renditions) media.renditions = stored.renditions;
  return media;
}

type CategoryRow = typeof t.categories.$inferSelect;

/** A category diners see: neither hidden nor archived by staff. */
export const categoryVisible = () => and(eq(t.categories.active, true), isNull(t.categories.archivedAt));

/**
 * A product diners see and may order: switched on, not archived, in a visible category. Every
 * query using it joins `categories` (decision 021).
 */
export const productVisible = () => and(eq(t.products.active, true), isNull(t.products.archivedAt), categoryVisible());

/** The ids of every product diners see, for the menu's version, the sold-out screen and checkout. */
export async function visibleProductIds(db: Db, among?: number[]): Promise<number[]> {
  if (among && among.length === 0) return [];
  const rows = await db
    .select({ id: t.products.id })
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(among ? and(inArray(t.products.id, among), productVisible()) : productVisible());
  return rows.map((r) => r.id);
}

export function categoryOut(row: CategoryRow, lang: string, productCount: number): Category {
  const poster = mediaOut(row.poster, lang, `category-${row.id}`);
  return {
    id: row.id,
    name: tr(row.name, lang),
    description: tr(row.description, lang),
    poster,
    hasPoster: poster !== null,
    gallery: row.gallery.flatMap((m, i) => mediaOut(m, lang, `category-${row.id}-gallery-${i}`) ?? []),
    productCount,
  };
}

export async function loadCategories(db: Db, lang: string): Promise<Category[]> {
  const rows = await db.select().from(t.categories).where(categoryVisible()).orderBy(asc(t.categories.sort), asc(t.categories.id));
  const counts = await db
    .select({ categoryId: t.products.categoryId, n: sql<number>`count(*)::int` })
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(productVisible())
    .groupBy(t.products.categoryId);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.n]));
  return rows.map((row) => categoryOut(row, lang, countOf.get(row.id) ?? 0));
}

export async function loadCategory(db: Db, lang: string, id: number): Promise<Category | null> {
  const [row] = await db
    .select()
    .from(t.categories)
    .where(and(eq(t.categories.id, id), categoryVisible()));
  if (!row) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(and(eq(t.products.categoryId, id), productVisible()));
  return categoryOut(row, lang, count?.n ?? 0);
}

/**
 * Loads whole products (sizes, variant trees, per-size extras, declarations) in a fixed number
 * of queries, whatever the count. Order follows the category's own sort. Products diners cannot
 * see (switched off, archived, in a hidden category) are left out, unless `withInactive` asks for
 * them (checkout names them in its refusal).
 */
export async function loadProducts(
  db: Db,
  lang: string,
  filter: { categoryId: number } | { productIds: number[]; withInactive?: boolean },
): Promise<Product[]> {
  const where =
    'categoryId' in filter
      ? and(eq(t.products.categoryId, filter.categoryId), productVisible())
      : filter.productIds.length
        ? filter.withInactive
          ? inArray(t.products.id, filter.productIds)
          : and(inArray(t.products.id, filter.productIds), productVisible())
        : undefined;
  if (!where) return [];

  const rows = await db
    .select({ product: t.products, category: { id: t.categories.id, name: t.categories.name } })
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    .where(where)
    .orderBy(asc(t.products.sort), asc(t.products.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.product.id);

  const [sizeRows, variantRows, extraRows, declarationRows] = await Promise.all([
    db.select().from(t.sizes).where(inArray(t.sizes.productId, ids)).orderBy(asc(t.sizes.sort), asc(t.sizes.id)),
    db.select().from(t.variants).where(inArray(t.variants.productId, ids)).orderBy(asc(t.variants.sort), asc(t.variants.id)),
    db.select().from(t.extras).where(inArray(t.extras.productId, ids)).orderBy(asc(t.extras.sort), asc(t.extras.id)),
    db
      .select({ productId: t.productDeclarations.productId, d: t.declarations })
      .from(t.productDeclarations)
      .innerJoin(t.declarations, eq(t.declarations.id, t.productDeclarations.declarationId))
      .where(inArray(t.productDeclarations.productId, ids))
      .orderBy(asc(t.declarations.code)),
  ]);
  const variantIds = variantRows.map((v) => v.id);
  const extraIds = extraRows.map((e) => e.id);
  const [optionRows, priceRows, extraDeclarationRows] = await Promise.all([
    variantIds.length
      ? db.select().from(t.options).where(inArray(t.options.variantId, variantIds)).orderBy(asc(t.options.sort), asc(t.options.id))
      : Promise.resolve([]),
    extraIds.length ? db.select().from(t.extraPrices).where(inArray(t.extraPrices.extraId, extraIds)) : Promise.resolve([]),
    extraIds.length
      ? db
          .select({ ownerId: t.extraDeclarations.extraId, kind: t.declarations.kind, code: t.declarations.code })
          .from(t.extraDeclarations)
          .innerJoin(t.declarations, eq(t.declarations.id, t.extraDeclarations.declarationId))
          .where(inArray(t.extraDeclarations.extraId, extraIds))
          .orderBy(asc(t.declarations.code))
      : Promise.resolve([]),
  ]);
  const optionIds = optionRows.map((o) => o.id);
  const optionDeclarationRows = optionIds.length
    ? await db
        .select({ ownerId: t.optionDeclarations.optionId, kind: t.declarations.kind, code: t.declarations.code })
        .from(t.optionDeclarations)
        .innerJoin(t.declarations, eq(t.declarations.id, t.optionDeclarations.declarationId))
        .where(inArray(t.optionDeclarations.optionId, optionIds))
        .orderBy(asc(t.declarations.code))
    : [];

  const group = <K, V>(list: V[], key: (v: V) => K) => {
    const map = new Map<K, V[]>();
    for (const v of list) {
      const k = key(v);
      const bucket = map.get(k);
      if (bucket) bucket.push(v);
      else map.set(k, [v]);
    }
    return map;
  };
  const sizesBy = group(sizeRows, (s) => s.productId);
  const optionsBy = group(optionRows, (o) => o.variantId);
  const topVariantsBy = group(
    variantRows.filter((v) => v.parentOptionId === null),
    (v) => v.productId,
  );
  const childVariantsBy = group(
    variantRows.filter((v) => v.parentOptionId !== null),
    (v) => v.parentOptionId,
  );
  const extrasBy = group(extraRows, (e) => e.productId);
  const pricesBy = group(priceRows, (p) => p.extraId);
  const declarationsBy = group(declarationRows, (d) => d.productId);
  const optionCodesBy = group(optionDeclarationRows, (d) => d.ownerId);
  const extraCodesBy = group(extraDeclarationRows, (d) => d.ownerId);
  const codesOf = (rows: { kind: 'allergen' | 'additive'; code: string }[] | undefined) => ({
    allergens: sortCodes((rows ?? []).filter((r) => r.kind === 'allergen').map((r) => r.code)),
    additives: sortCodes((rows ?? []).filter((r) => r.kind === 'additive').map((r) => r.code)),
  });

  const variantOut = (v: typeof t.variants.$inferSelect): Variant => ({
    id: v.id,
    name: tr(v.name, lang),
    type: v.type,
    required: v.required,
    options: (optionsBy.get(v.id) ?? []).map((o): Option => {
      const children = (childVariantsBy.get(o.id) ?? []).map(variantOut);
      return {
        id: o.id,
        name: tr(o.name, lang),
        price: euros(o.priceCents),
        taxId: o.taxId,
        hasChild: children.length > 0,
        children,
        ...codesOf(optionCodesBy.get(o.id)),
      };
    }),
  });

  const declarationsOut = (productId: number, kind: 'allergen' | 'additive'): Declaration[] =>
    (declarationsBy.get(productId) ?? [])
      .filter((x) => x.d.kind === kind)
      .map(({ d }) => ({ id: d.id, code: d.code, name: tr(d.name, lang), description: tr(d.description, lang) }));

  return rows.map(({ product: p, category }): Product => {
    const poster = mediaOut(p.poster, lang, `product-${p.id}`);
    const productSizes = sizesBy.get(p.id) ?? [];
    return {
      id: p.id,
      name: tr(p.name, lang),
      description: tr(p.description, lang),
      category: { id: category.id, name: tr(category.name, lang) },
      taxId: p.taxId,
      poster,
      hasPoster: poster !== null,
      // A lone size carries no name (spec §3); an unnamed one is the hidden 'Default Size'.
      sizes: productSizes.map(
        (s): Size => ({
          id: s.id,
          name: productSizes.length === 1 ? '' : s.name ? tr(s.name, lang) : DEFAULT_SIZE_NAME,
          price: euros(s.priceCents),
        }),
      ),
      variants: (topVariantsBy.get(p.id) ?? []).map(variantOut),
      extras: (extrasBy.get(p.id) ?? []).map(
        (e): Extra => ({
          id: e.id,
          name: tr(e.name, lang),
          prices: (pricesBy.get(e.id) ?? []).map((x) => ({ sizeId: x.sizeId, price: euros(x.priceCents) })),
          taxId: e.taxId,
          ...codesOf(extraCodesBy.get(e.id)),
        }),
      ),
      additives: declarationsOut(p.id, 'additive'),
      allergens: declarationsOut(p.id, 'allergen'),
    };
  });
}

/** Active menus (hidden and archived ones never reach a diner or a checkout); a slot offers its active candidates only, unless `withInactiveProducts` (checkout's view). */
export async function loadMenus(
  db: Db,
  lang: string,
  menuId?: number | number[],
  options: { withInactiveProducts?: boolean } = {},
): Promise<Menu[]> {
  const ids = menuId === undefined ? undefined : Array.isArray(menuId) ? menuId : [menuId];
  if (ids?.length === 0) return [];
  const menuRows = await db
    .select()
    .from(t.menus)
    .where(and(eq(t.menus.active, true), isNull(t.menus.archivedAt), ids === undefined ? undefined : inArray(t.menus.id, ids)))
    .orderBy(asc(t.menus.sort), asc(t.menus.id));
  if (menuRows.length === 0) return [];
  const slotRows = await db
    .select()
    .from(t.menuSlots)
    .where(
      inArray(
        t.menuSlots.menuId,
        menuRows.map((m) => m.id),
      ),
    )
    .orderBy(asc(t.menuSlots.sort), asc(t.menuSlots.id));
  const candidateRows = slotRows.length
    ? await db
        .select()
        .from(t.menuSlotProducts)
        .where(
          inArray(
            t.menuSlotProducts.slotId,
            slotRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(t.menuSlotProducts.sort))
    : [];
  const products = await loadProducts(db, lang, {
    productIds: [...new Set(candidateRows.map((c) => c.productId))],
    withInactive: options.withInactiveProducts,
  });
  const productById = new Map(products.map((p) => [p.id, p]));

  return menuRows.map((m): Menu => {
    const poster = mediaOut(m.poster, lang, `menu-${m.id}`);
    return {
      id: m.id,
      name: tr(m.name, lang),
      description: tr(m.description, lang),
      price: euros(m.priceCents),
      discount: m.discount,
      poster,
      hasPoster: poster !== null,
      items: slotRows
        .filter((s) => s.menuId === m.id)
        .map(
          (s): MenuSlot => ({
            id: s.id,
            name: tr(s.name, lang),
            products: candidateRows
              .filter((c) => c.slotId === s.id)
              .flatMap((c) => {
                const product = productById.get(c.productId);
                const size = product?.sizes.find((x) => x.id === c.sizeId);
                if (!product || !size) return [];
                // The slot serves one size: narrow the candidate, and its extras' prices, to it.
                return [
                  {
                    ...product,
                    sizes: [size],
                    extras: product.extras.map((e) => ({ ...e, prices: e.prices.filter((p) => p.sizeId === size.id) })),
                  },
                ];
              }),
          }),
        ),
    };
  });
}
