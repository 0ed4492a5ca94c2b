import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { CategoryDoc, MenuOverview } from '../../../shared/contract/menu-admin';
import { V } from '../../../shared/contract/validation';
import { fromCents } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors, notFound } from '../../plugins/errors';
import { tr } from '../../catalog/load';
import { recordChange, type Actor } from '../../staff/audit';
import { orderedProductIds } from './ordered';
import { subjectOf } from './product-doc';

const categorySnapshot = (c: CategoryDoc) => ({ name: c.name, description: c.description, active: c.active, station: c.station });

/** The editor's list: every category and product that is not archived, hidden ones included, with the VAT classes and declarations to choose from. */
export async function menuOverview(db: Db, lang: string): Promise<MenuOverview> {
  const [categories, products, sizes, taxes, declarations] = await Promise.all([
    db.select().from(t.categories).where(isNull(t.categories.archivedAt)).orderBy(asc(t.categories.sort), asc(t.categories.id)),
    db.select().from(t.products).where(isNull(t.products.archivedAt)).orderBy(asc(t.products.sort), asc(t.products.id)),
    db.select({ productId: t.sizes.productId, priceCents: t.sizes.priceCents }).from(t.sizes).orderBy(asc(t.sizes.sort), asc(t.sizes.id)),
    db.select().from(t.taxes).orderBy(asc(t.taxes.basisPoints)),
    db.select().from(t.declarations).orderBy(asc(t.declarations.kind), asc(t.declarations.id)),
  ]);
  const ordered = await orderedProductIds(
    db,
    products.map((p) => p.id),
  );
  const firstPrice = new Map<number, number>();
  for (const s of sizes) if (!firstPrice.has(s.productId)) firstPrice.set(s.productId, s.priceCents);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      active: c.active,
      station: c.station,
      products: products
        .filter((p) => p.categoryId === c.id)
        .map((p) => {
          const cents = firstPrice.get(p.id);
          return { id: p.id, name: p.name, active: p.active, ordered: ordered.has(p.id), price: cents === undefined ? null : fromCents(cents) };
        }),
    })),
    taxes: taxes.map((x) => ({ id: x.id, name: tr(x.name, lang), percent: x.basisPoints / 100 })),
    declarations: declarations.map((d) => ({ id: d.id, kind: d.kind, code: d.code, name: tr(d.name, lang) })),
  };
}

export async function createCategory(db: Db, actor: Actor, doc: CategoryDoc): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(t.categories.sort) }).from(t.categories);
    const [row] = await tx
      .insert(t.categories)
      .values({ ...categorySnapshot(doc), sort: (last?.n ?? -1) + 1 })
      .returning({ id: t.categories.id });
    await recordChange(tx, actor, 'menu.category.create', subjectOf('Category', doc.name), null, categorySnapshot(doc));
    return row!.id;
  });
}

export async function updateCategory(db: Db, actor: Actor, id: number, doc: CategoryDoc): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(t.categories)
      .where(and(eq(t.categories.id, id), isNull(t.categories.archivedAt)));
    if (!row) throw notFound('category');
    await tx.update(t.categories).set(categorySnapshot(doc)).where(eq(t.categories.id, id));
    const action = row.active !== doc.active ? (doc.active ? 'menu.category.show' : 'menu.category.hide') : 'menu.category.update';
    await recordChange(tx, actor, action, subjectOf('Category', doc.name), categorySnapshot(row), categorySnapshot(doc));
  });
}

/**
 * Puts rows in the order staff chose: the list's positions become the sort values. Every id must
 * be a live row of that list (a category's products, or the categories), or nothing moves.
 */
export async function reorder(
  db: Db,
  actor: Actor,
  lang: string,
  what: { kind: 'categories' } | { kind: 'products'; categoryId: number },
  ids: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const table = what.kind === 'categories' ? t.categories : t.products;
    const scope =
      what.kind === 'categories'
        ? and(inArray(t.categories.id, ids), isNull(t.categories.archivedAt))
        : and(inArray(t.products.id, ids), eq(t.products.categoryId, what.categoryId), isNull(t.products.archivedAt));
    const rows = await tx.select({ id: table.id, name: table.name, sort: table.sort }).from(table).where(scope);
    if (rows.length !== ids.length) throw new FieldErrors({ ids: [say(lang, V.choice)] });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const before = [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id).map((r) => tr(r.name, 'de'));
    for (const [sort, id] of ids.entries()) {
      if (byId.get(id)?.sort !== sort) await tx.update(table).set({ sort }).where(eq(table.id, id));
    }
    const after = ids.map((id) => tr(byId.get(id)!.name, 'de'));
    let subject = 'Categories';
    if (what.kind === 'products') {
      const [category] = await tx.select({ name: t.categories.name }).from(t.categories).where(eq(t.categories.id, what.categoryId));
      subject = subjectOf('Category', category?.name ?? {});
    }
    await recordChange(tx, actor, what.kind === 'categories' ? 'menu.category.reorder' : 'menu.product.reorder', subject, { order: before }, { order: after });
  });
}
