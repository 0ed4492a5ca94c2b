import { eq, inArray } from 'drizzle-orm';
import type { DeleteOutcome } from '../../../shared/contract/menu-admin';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { recordChange, type Actor } from '../../staff/audit';
import { orderedProductIds } from './ordered';
import { editableProduct, productSnapshot, readProductDoc, subjectOf } from './product-doc';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Takes products off the menu for good: one that an order refers to is archived (its row stays,
 * so the old order's link and the kitchen's history stay whole), any other is deleted.
 */
async function retire(tx: Tx, ids: number[], now: Date): Promise<{ deleted: number[]; archived: number[] }> {
  const ordered = await orderedProductIds(tx, ids);
  const archived = ids.filter((id) => ordered.has(id));
  const deleted = ids.filter((id) => !ordered.has(id));
  if (archived.length) await tx.update(t.products).set({ archivedAt: now }).where(inArray(t.products.id, archived));
  if (deleted.length) await tx.delete(t.products).where(inArray(t.products.id, deleted));
  return { deleted, archived };
}

export async function deleteProduct(db: Db, actor: Actor, id: number, now = new Date()): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const row = await editableProduct(tx, id);
    if (!row) throw notFound('product');
    const before = productSnapshot(await readProductDoc(tx, row));
    const { archived } = await retire(tx, [id], now);
    const action = archived.length ? 'menu.product.archive' : 'menu.product.delete';
    await recordChange(tx, actor, action, subjectOf('Product', row.name), before, null);
    return { deleted: archived.length ? 0 : 1, archived: archived.length };
  });
}

/**
 * Deletes a category with its products by the same rule. A category some archived product still
 * sits in is archived with it (the product keeps its category), otherwise it is deleted.
 */
export async function deleteCategory(db: Db, actor: Actor, id: number, now = new Date()): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const [category] = await tx.select().from(t.categories).where(eq(t.categories.id, id));
    if (!category || category.archivedAt) throw notFound('category');
    const products = await tx.select({ id: t.products.id, name: t.products.name, archivedAt: t.products.archivedAt }).from(t.products).where(eq(t.products.categoryId, id));
    const live = products.filter((p) => !p.archivedAt);
    const { deleted, archived } = await retire(
      tx,
      live.map((p) => p.id),
      now,
    );
    const keep = archived.length > 0 || products.some((p) => p.archivedAt);
    if (keep) await tx.update(t.categories).set({ archivedAt: now }).where(eq(t.categories.id, id));
    else await tx.delete(t.categories).where(eq(t.categories.id, id));
    const nameOf = (pid: number) => live.find((p) => p.id === pid)?.name.de ?? String(pid);
    await recordChange(
      tx,
      actor,
      keep ? 'menu.category.archive' : 'menu.category.delete',
      subjectOf('Category', category.name),
      { name: category.name, description: category.description, active: category.active, deletedProducts: deleted.map(nameOf), archivedProducts: archived.map(nameOf) },
      null,
    );
    return { deleted: deleted.length, archived: archived.length };
  });
}
