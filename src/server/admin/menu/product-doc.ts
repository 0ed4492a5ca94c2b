import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ExtraDoc, I18nText, OptionDoc, ProductDoc, VariantDoc } from '../../../shared/contract/menu-admin';
import { fromCents } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

export type ProductRow = typeof t.products.$inferSelect;

/** A product staff may edit: it exists and is not archived. */
export async function editableProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(t.products)
    .where(and(eq(t.products.id, id), isNull(t.products.archivedAt)));
  return row;
}

/** The whole product as the editor edits it, every row with its id, prices in euros. */
export async function readProductDoc(db: Db, product: ProductRow): Promise<ProductDoc & { id: number }> {
  const [sizes, variants, extras, declarations] = await Promise.all([
    db.select().from(t.sizes).where(eq(t.sizes.productId, product.id)).orderBy(asc(t.sizes.sort), asc(t.sizes.id)),
    db.select().from(t.variants).where(eq(t.variants.productId, product.id)).orderBy(asc(t.variants.sort), asc(t.variants.id)),
    db.select().from(t.extras).where(eq(t.extras.productId, product.id)).orderBy(asc(t.extras.sort), asc(t.extras.id)),
    db
      .select({ id: t.productDeclarations.declarationId })
      .from(t.productDeclarations)
      .where(eq(t.productDeclarations.productId, product.id))
      .orderBy(asc(t.productDeclarations.declarationId)),
  ]);
  const variantIds = variants.map((v) => v.id);
  const extraIds = extras.map((e) => e.id);
  const [options, prices, extraDeclarations] = await Promise.all([
    variantIds.length ? db.select().from(t.options).where(inArray(t.options.variantId, variantIds)).orderBy(asc(t.options.sort), asc(t.options.id)) : [],
    extraIds.length ? db.select().from(t.extraPrices).where(inArray(t.extraPrices.extraId, extraIds)) : [],
    extraIds.length
      ? db.select().from(t.extraDeclarations).where(inArray(t.extraDeclarations.extraId, extraIds)).orderBy(asc(t.extraDeclarations.declarationId))
      : [],
  ]);
  const optionIds = options.map((o) => o.id);
  const optionDeclarations = optionIds.length
    ? await db.select().from(t.optionDeclarations).where(inArray(t.optionDeclarations.optionId, optionIds)).orderBy(asc(t.optionDeclarations.declarationId))
    : [];

  const variantOut = (v: (typeof variants)[number]): VariantDoc => ({
    id: v.id,
    name: v.name,
    type: v.type,
    required: v.required,
    options: options
      .filter((o) => o.variantId === v.id)
      .map(
        (o): OptionDoc => ({
          id: o.id,
          name: o.name,
          price: fromCents(o.priceCents),
          taxId: o.taxId,
          children: variants.filter((c) => c.parentOptionId === o.id).map(variantOut),
          declarationIds: optionDeclarations.filter((d) => d.optionId === o.id).map((d) => d.declarationId),
        }),
      ),
  });

  return {
    id: product.id,
    categoryId: product.categoryId,
    name: product.name,
    description: product.description,
    taxId: product.taxId,
    active: product.active,
    sizes: sizes.map((s) => ({ id: s.id, name: s.name ?? {}, price: fromCents(s.priceCents) })),
    variants: variants.filter((v) => v.parentOptionId === null).map(variantOut),
    extras: extras.map(
      (e): ExtraDoc => ({
        id: e.id,
        name: e.name,
        taxId: e.taxId,
        // A size the extra has no price for reads as 0: the editor then shows and saves one.
        prices: sizes.map((s) => fromCents(prices.find((p) => p.extraId === e.id && p.sizeId === s.id)?.priceCents ?? 0)),
        declarationIds: extraDeclarations.filter((d) => d.extraId === e.id).map((d) => d.declarationId),
      }),
    ),
    declarationIds: declarations.map((d) => d.id),
  };
}

const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Drops row ids recursively: the history compares what the owner sees, not the keys. */
function withoutIds(variants: VariantDoc[]): unknown[] {
  return variants.map((v) => ({
    name: v.name,
    type: v.type,
    required: v.required,
    options: v.options.map((o) => ({ name: o.name, price: o.price, taxId: o.taxId, declarationIds: sortedIds(o.declarationIds), children: withoutIds(o.children) })),
  }));
}

/** The product as one history line shows it: fields a person recognises, prices as numbers. */
export function productSnapshot(doc: ProductDoc): Record<string, unknown> {
  return {
    categoryId: doc.categoryId,
    name: doc.name,
    description: doc.description,
    taxId: doc.taxId,
    active: doc.active,
    sizes: doc.sizes.map((s) => ({ name: s.name, price: s.price })),
    variants: withoutIds(doc.variants),
    extras: doc.extras.map((e) => ({ name: e.name, taxId: e.taxId, prices: e.prices, declarationIds: sortedIds(e.declarationIds) })),
    declarationIds: sortedIds(doc.declarationIds),
  };
}

/** "Product: Margherita": the default language's name. */
export function subjectOf(kind: 'Product' | 'Category', name: I18nText): string {
  return `${kind}: ${name.de ?? Object.values(name)[0] ?? ''}`;
}
