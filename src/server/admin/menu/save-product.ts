/**
 * Saving a whole product (decision 021): the document is diffed against the database so that
 * every row whose id is sent keeps that id (carts on diners' devices and combo slots point at
 * sizes, options and extras), rows without an id are inserted and rows left out are deleted.
 */
import { and, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { ExtraDoc, ProductDoc, SizeDoc, VariantDoc } from '../../../shared/contract/menu-admin';
import { V } from '../../../shared/contract/validation';
import { toCents } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors, notFound } from '../../plugins/errors';
import { recordChange, type Actor } from '../../staff/audit';
import { editableProduct, productSnapshot, readProductDoc, subjectOf } from './product-doc';
import { checkReferences } from './references';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Existing {
  sizes: Set<number>;
  variants: Set<number>;
  options: Set<number>;
  extras: Set<number>;
}

/** A blank translated name is no name: a lone size without one is the storefront's hidden default. */
const sizeName = (size: SizeDoc) => (Object.values(size.name).some((v) => v.trim()) ? size.name : null);

async function existingRows(tx: Tx, productId: number | null): Promise<Existing> {
  if (productId === null) return { sizes: new Set(), variants: new Set(), options: new Set(), extras: new Set() };
  const [sizes, variants, extras] = await Promise.all([
    tx.select({ id: t.sizes.id }).from(t.sizes).where(eq(t.sizes.productId, productId)),
    tx.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, productId)),
    tx.select({ id: t.extras.id }).from(t.extras).where(eq(t.extras.productId, productId)),
  ]);
  const variantIds = variants.map((v) => v.id);
  const options = variantIds.length ? await tx.select({ id: t.options.id }).from(t.options).where(inArray(t.options.variantId, variantIds)) : [];
  const ids = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));
  return { sizes: ids(sizes), variants: ids(variants), options: ids(options), extras: ids(extras) };
}

/** An id that is not one of this product's rows (another product's, or made up) is refused on its path. */
function checkIds(doc: ProductDoc, existing: Existing, lang: string): void {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const check = (kind: keyof Existing, id: number | undefined, path: string) => {
    if (id === undefined) return;
    const key = `${kind}:${id}`;
    if (!existing[kind].has(id) || seen.has(key)) errors[`${path}.id`] = [say(lang, V.choice)];
    seen.add(key);
  };
  doc.sizes.forEach((s, i) => check('sizes', s.id, `sizes[${i}]`));
  doc.extras.forEach((e, i) => check('extras', e.id, `extras[${i}]`));
  const walk = (variants: VariantDoc[], prefix: string) =>
    variants.forEach((v, vi) => {
      check('variants', v.id, `${prefix}[${vi}]`);
      v.options.forEach((o, oi) => {
        check('options', o.id, `${prefix}[${vi}].options[${oi}]`);
        walk(o.children, `${prefix}[${vi}].options[${oi}].children`);
      });
    });
  walk(doc.variants, 'variants');
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}

async function saveSizes(tx: Tx, productId: number, sizes: SizeDoc[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [sort, size] of sizes.entries()) {
    const values = { productId, name: sizeName(size), priceCents: toCents(size.price), sort };
    if (size.id !== undefined) {
      await tx.update(t.sizes).set(values).where(eq(t.sizes.id, size.id));
      ids.push(size.id);
    } else {
      const [row] = await tx.insert(t.sizes).values(values).returning({ id: t.sizes.id });
      ids.push(row!.id);
    }
  }
  return ids;
}

async function saveVariants(
  tx: Tx,
  productId: number,
  variants: VariantDoc[],
  parentOptionId: number | null,
  kept: { variants: number[]; options: number[] },
): Promise<void> {
  for (const [sort, variant] of variants.entries()) {
    const values = { productId, parentOptionId, name: variant.name, type: variant.type, required: variant.required, sort };
    let variantId = variant.id;
    if (variantId !== undefined) await tx.update(t.variants).set(values).where(eq(t.variants.id, variantId));
    else variantId = (await tx.insert(t.variants).values(values).returning({ id: t.variants.id }))[0]!.id;
    kept.variants.push(variantId);
    for (const [optionSort, option] of variant.options.entries()) {
      const optionValues = { variantId, name: option.name, priceCents: toCents(option.price), taxId: option.taxId, sort: optionSort };
      let optionId = option.id;
      if (optionId !== undefined) await tx.update(t.options).set(optionValues).where(eq(t.options.id, optionId));
      else optionId = (await tx.insert(t.options).values(optionValues).returning({ id: t.options.id }))[0]!.id;
      kept.options.push(optionId);
      await tx.delete(t.optionDeclarations).where(eq(t.optionDeclarations.optionId, optionId));
      const id = optionId;
      const declarationIds = [...new Set(option.declarationIds)];
      if (declarationIds.length) await tx.insert(t.optionDeclarations).values(declarationIds.map((declarationId) => ({ optionId: id, declarationId })));
      await saveVariants(tx, productId, option.children, optionId, kept);
    }
  }
}

async function saveExtras(tx: Tx, productId: number, extras: ExtraDoc[], sizeIds: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [sort, extra] of extras.entries()) {
    const values = { productId, name: extra.name, taxId: extra.taxId, sort };
    let extraId = extra.id;
    if (extraId !== undefined) {
      await tx.update(t.extras).set(values).where(eq(t.extras.id, extraId));
      await tx.delete(t.extraPrices).where(eq(t.extraPrices.extraId, extraId));
    } else {
      extraId = (await tx.insert(t.extras).values(values).returning({ id: t.extras.id }))[0]!.id;
    }
    ids.push(extraId);
    const id = extraId;
    const prices = sizeIds.map((sizeId, i) => ({ extraId: id, sizeId, priceCents: toCents(extra.prices[i] ?? 0) }));
    if (prices.length) await tx.insert(t.extraPrices).values(prices);
    await tx.delete(t.extraDeclarations).where(eq(t.extraDeclarations.extraId, id));
    const declarationIds = [...new Set(extra.declarationIds)];
    if (declarationIds.length) await tx.insert(t.extraDeclarations).values(declarationIds.map((declarationId) => ({ extraId: id, declarationId })));
  }
  return ids;
}

/** Deletes this product's rows of one table that the document left out. */
async function deleteLeftOut(
  tx: Tx,
  table: typeof t.sizes | typeof t.variants | typeof t.options | typeof t.extras,
  existing: Set<number>,
  kept: number[],
): Promise<void> {
  const ids = [...existing];
  if (!ids.length) return;
  await tx.delete(table).where(kept.length ? and(inArray(table.id, ids), notInArray(table.id, kept)) : inArray(table.id, ids));
}

async function nextSort(tx: Tx, categoryId: number): Promise<number> {
  const [row] = await tx.select({ n: max(t.products.sort) }).from(t.products).where(eq(t.products.categoryId, categoryId));
  return (row?.n ?? -1) + 1;
}

/** Creates (`id` null) or replaces a product with the document; returns its id. One history line. */
export async function saveProduct(db: Db, actor: Actor, lang: string, id: number | null, doc: ProductDoc): Promise<number> {
  await checkReferences(db, doc, lang);
  return db.transaction(async (tx) => {
    const current = id === null ? undefined : await editableProduct(tx, id);
    if (id !== null && !current) throw notFound('product');
    const existing = await existingRows(tx, id);
    checkIds(doc, existing, lang);
    const before = current ? productSnapshot(await readProductDoc(tx, current)) : null;

    const fields = { categoryId: doc.categoryId, name: doc.name, description: doc.description, taxId: doc.taxId, active: doc.active };
    let productId: number;
    if (current) {
      // Moved to another category: it joins the end of that category's list.
      const sort = current.categoryId === doc.categoryId ? current.sort : await nextSort(tx, doc.categoryId);
      await tx.update(t.products).set({ ...fields, sort }).where(eq(t.products.id, current.id));
      productId = current.id;
    } else {
      const sort = await nextSort(tx, doc.categoryId);
      productId = (await tx.insert(t.products).values({ ...fields, sort }).returning({ id: t.products.id }))[0]!.id;
    }

    const sizeIds = await saveSizes(tx, productId, doc.sizes);
    const kept = { variants: [] as number[], options: [] as number[] };
    await saveVariants(tx, productId, doc.variants, null, kept);
    const extraIds = await saveExtras(tx, productId, doc.extras, sizeIds);
    // Kept rows are re-parented above before anything goes, so no cascade reaches them.
    await deleteLeftOut(tx, t.options, existing.options, kept.options);
    await deleteLeftOut(tx, t.variants, existing.variants, kept.variants);
    await deleteLeftOut(tx, t.extras, existing.extras, extraIds);
    await deleteLeftOut(tx, t.sizes, existing.sizes, sizeIds);

    await tx.delete(t.productDeclarations).where(eq(t.productDeclarations.productId, productId));
    const declarationIds = [...new Set(doc.declarationIds)];
    if (declarationIds.length) await tx.insert(t.productDeclarations).values(declarationIds.map((declarationId) => ({ productId, declarationId })));

    const saved = await editableProduct(tx, productId);
    const after = productSnapshot(await readProductDoc(tx, saved!));
    await recordChange(tx, actor, current ? 'menu.product.update' : 'menu.product.create', subjectOf('Product', doc.name), before, after);
    return productId;
  });
}
