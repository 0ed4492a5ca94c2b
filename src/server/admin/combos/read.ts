import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ComboMenuAdmin, ComboProductOption } from '../../../shared/contract/combo-admin';
import { DEFAULT_SIZE_NAME } from '../../../shared/contract/catalog';
import { fromCents } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { tr } from '../../catalog/load';

/** The menus the editor lists: hidden ones too, archived ones never (they only live on in old orders). */
export async function listComboMenus(db: Db, onlyId?: number): Promise<ComboMenuAdmin[]> {
  const menus = await db
    .select()
    .from(t.menus)
    .where(and(isNull(t.menus.archivedAt), onlyId === undefined ? undefined : eq(t.menus.id, onlyId)))
    .orderBy(asc(t.menus.sort), asc(t.menus.id));
  if (!menus.length) return [];
  const menuIds = menus.map((m) => m.id);
  const slots = await db.select().from(t.menuSlots).where(inArray(t.menuSlots.menuId, menuIds)).orderBy(asc(t.menuSlots.sort), asc(t.menuSlots.id));
  const candidates = slots.length
    ? await db
        .select()
        .from(t.menuSlotProducts)
        .where(
          inArray(
            t.menuSlotProducts.slotId,
            slots.map((s) => s.id),
          ),
        )
        .orderBy(asc(t.menuSlotProducts.sort))
    : [];
  const ordered = new Set(
    (await db.selectDistinct({ menuId: t.orderLines.menuId }).from(t.orderLines).where(inArray(t.orderLines.menuId, menuIds))).map((r) => r.menuId),
  );
  return menus.map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    price: fromCents(m.priceCents),
    discount: m.discount,
    active: m.active,
    sort: m.sort,
    ordered: ordered.has(m.id),
    slots: slots
      .filter((s) => s.menuId === m.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        candidates: candidates.filter((c) => c.slotId === s.id).map((c) => ({ productId: c.productId, sizeId: c.sizeId })),
      })),
  }));
}

/** Products a slot may offer: the active ones with their sizes, by category, in the reader's language. */
export async function comboProductOptions(db: Db, lang: string): Promise<ComboProductOption[]> {
  const rows = await db
    .select({ product: t.products, category: t.categories })
    .from(t.products)
    .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
    // What diners see: on, not archived, in a shown category (decision 021).
    .where(and(eq(t.products.active, true), isNull(t.products.archivedAt), eq(t.categories.active, true), isNull(t.categories.archivedAt)))
    .orderBy(asc(t.categories.sort), asc(t.categories.id), asc(t.products.sort), asc(t.products.id));
  if (!rows.length) return [];
  const sizes = await db
    .select()
    .from(t.sizes)
    .where(
      inArray(
        t.sizes.productId,
        rows.map((r) => r.product.id),
      ),
    )
    .orderBy(asc(t.sizes.sort), asc(t.sizes.id));
  return rows.map(({ product, category }) => ({
    id: product.id,
    name: tr(product.name, lang),
    category: tr(category.name, lang),
    sizes: sizes
      .filter((s) => s.productId === product.id)
      .map((s) => ({ id: s.id, name: s.name ? tr(s.name, lang) : DEFAULT_SIZE_NAME, price: fromCents(s.priceCents) })),
  }));
}
