/**
 * Saving a combo menu as one document, in one transaction with its history line. Slots keep
 * their ids across edits (a cart or an order names them): a slot with an id is updated, one
 * without is inserted, one missing from the document is deleted.
 */
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { ComboDeleteResult, ComboMenuAdmin, ComboMenuInput } from '../../../shared/contract/combo-admin';
import { toCents } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors, HttpError } from '../../plugins/errors';
import { recordChange, type Actor } from '../../staff/audit';
import { listComboMenus } from './read';

/** What the history shows of a menu: the document as saved, in the editor's units. */
function snapshotOf(menu: ComboMenuAdmin): Record<string, unknown> {
  return {
    name: menu.name,
    description: menu.description,
    price: menu.price,
    discount: menu.discount,
    active: menu.active,
    slots: menu.slots,
  };
}

function subjectOf(menu: { id: number; name: Record<string, string> }): string {
  const name = Object.values(menu.name).find(Boolean) ?? '';
  return `${name} (#${menu.id})`.trim();
}

async function menuOrFail(db: Db, id: number, lang: string): Promise<ComboMenuAdmin> {
  const [menu] = await listComboMenus(db, id);
  if (!menu) throw new HttpError(404, say(lang, 'combo.notFound'));
  return menu;
}

/**
 * Rules that need data: each candidate is a product with that very size, active unless it already
 * stood in this menu (hiding a dish does not break a menu nobody is editing), and each slot id
 * belongs to this menu.
 */
async function checkDocument(tx: Db, input: ComboMenuInput, existing: ComboMenuAdmin | null, lang: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  // The default language's text is what every missing translation falls back to: it must be there.
  const [first] = await tx.select({ code: t.languages.code }).from(t.languages).orderBy(asc(t.languages.sort)).limit(1);
  const base = first?.code;
  if (base && !input.name[base]) errors.name = [say(lang, 'validation.required')];
  input.slots.forEach((slot, i) => {
    if (base && !slot.name[base]) errors[`slots[${i}].name`] = [say(lang, 'validation.required')];
  });
  const sizeIds = [...new Set(input.slots.flatMap((s) => s.candidates.map((c) => c.sizeId)))];
  const sizes = sizeIds.length
    ? await tx
        .select({ id: t.sizes.id, productId: t.sizes.productId, active: sql<boolean>`${t.products.active} and ${t.products.archivedAt} is null and ${t.categories.active} and ${t.categories.archivedAt} is null` })
        .from(t.sizes)
        .innerJoin(t.products, eq(t.products.id, t.sizes.productId))
        .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
        .where(inArray(t.sizes.id, sizeIds))
    : [];
  const sizeById = new Map(sizes.map((s) => [s.id, s]));
  const kept = new Set(existing?.slots.flatMap((s) => s.candidates.map((c) => c.productId)) ?? []);
  const ownSlots = new Set(existing?.slots.map((s) => s.id) ?? []);
  input.slots.forEach((slot, i) => {
    if (slot.id !== null && !ownSlots.has(slot.id)) errors[`slots[${i}].id`] = [say(lang, 'validation.choice')];
    slot.candidates.forEach((c, j) => {
      const size = sizeById.get(c.sizeId);
      if (!size || size.productId !== c.productId) errors[`slots[${i}].candidates[${j}].sizeId`] = [say(lang, 'combo.sizeNotOfProduct')];
      else if (!size.active && !kept.has(c.productId)) errors[`slots[${i}].candidates[${j}].productId`] = [say(lang, 'combo.productHidden')];
    });
  });
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}

async function writeSlots(tx: Db, menuId: number, input: ComboMenuInput, existing: ComboMenuAdmin | null): Promise<void> {
  const keep = new Set(input.slots.map((s) => s.id).filter((x): x is number => x !== null));
  const gone = (existing?.slots ?? []).map((s) => s.id).filter((x) => !keep.has(x));
  if (gone.length) await tx.delete(t.menuSlots).where(inArray(t.menuSlots.id, gone));
  for (const [sort, slot] of input.slots.entries()) {
    let slotId = slot.id;
    if (slotId === null) {
      const [row] = await tx.insert(t.menuSlots).values({ menuId, name: slot.name, sort }).returning({ id: t.menuSlots.id });
      if (!row) throw new Error('slot insert returned nothing');
      slotId = row.id;
    } else {
      await tx.update(t.menuSlots).set({ name: slot.name, sort }).where(and(eq(t.menuSlots.id, slotId), eq(t.menuSlots.menuId, menuId)));
      await tx.delete(t.menuSlotProducts).where(eq(t.menuSlotProducts.slotId, slotId));
    }
    const id = slotId;
    await tx.insert(t.menuSlotProducts).values(slot.candidates.map((c, i) => ({ slotId: id, productId: c.productId, sizeId: c.sizeId, sort: i })));
  }
}

function menuValues(input: ComboMenuInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: toCents(input.price),
    discount: input.discount,
    active: input.active,
  };
}

export async function createComboMenu(db: Db, actor: Actor, input: ComboMenuInput, lang: string): Promise<ComboMenuAdmin> {
  const id = await db.transaction(async (tx) => {
    await checkDocument(tx, input, null, lang);
    const [last] = await tx.select({ sort: max(t.menus.sort) }).from(t.menus);
    const [row] = await tx
      .insert(t.menus)
      .values({ ...menuValues(input), sort: Math.min(32_767, (last?.sort ?? -1) + 1) })
      .returning({ id: t.menus.id });
    if (!row) throw new Error('menu insert returned nothing');
    await writeSlots(tx, row.id, input, null);
    const created = await menuOrFail(tx, row.id, lang);
    await recordChange(tx, actor, 'combo.create', subjectOf(created), null, snapshotOf(created));
    return row.id;
  });
  return menuOrFail(db, id, lang);
}

export async function updateComboMenu(db: Db, actor: Actor, id: number, input: ComboMenuInput, lang: string): Promise<ComboMenuAdmin> {
  await db.transaction(async (tx) => {
    const before = await menuOrFail(tx, id, lang);
    await checkDocument(tx, input, before, lang);
    await tx.update(t.menus).set(menuValues(input)).where(eq(t.menus.id, id));
    await writeSlots(tx, id, input, before);
    const after = await menuOrFail(tx, id, lang);
    await recordChange(tx, actor, 'combo.update', subjectOf(after), snapshotOf(before), snapshotOf(after));
  });
  return menuOrFail(db, id, lang);
}

export async function setComboActive(db: Db, actor: Actor, id: number, active: boolean, lang: string): Promise<ComboMenuAdmin> {
  await db.transaction(async (tx) => {
    const before = await menuOrFail(tx, id, lang);
    await tx.update(t.menus).set({ active }).where(eq(t.menus.id, id));
    await recordChange(tx, actor, active ? 'combo.show' : 'combo.hide', subjectOf(before), { active: before.active }, { active });
  });
  return menuOrFail(db, id, lang);
}

/** The storefront's order: the ids listed come first in that order; unknown ids are refused. */
export async function reorderComboMenus(db: Db, actor: Actor, ids: number[], lang: string): Promise<ComboMenuAdmin[]> {
  await db.transaction(async (tx) => {
    const before = await listComboMenus(tx);
    const known = new Set(before.map((m) => m.id));
    const unknown = ids.findIndex((x) => !known.has(x));
    if (unknown >= 0 || new Set(ids).size !== ids.length) throw new FieldErrors({ [`ids[${Math.max(0, unknown)}]`]: [say(lang, 'validation.choice')] });
    const rest = before.map((m) => m.id).filter((x) => !ids.includes(x));
    const order = [...ids, ...rest];
    for (const [sort, menuId] of order.entries()) await tx.update(t.menus).set({ sort }).where(eq(t.menus.id, menuId));
    await recordChange(tx, actor, 'combo.reorder', '', { order: before.map((m) => m.id) }, { order });
  });
  return listComboMenus(db);
}

/** A menu old orders name is archived (they keep showing it); one nobody ordered is deleted with its slots. */
export async function deleteComboMenu(db: Db, actor: Actor, id: number, lang: string): Promise<ComboDeleteResult> {
  return db.transaction(async (tx) => {
    const before = await menuOrFail(tx, id, lang);
    if (before.ordered) {
      await tx.update(t.menus).set({ archivedAt: sql`now()`, active: false }).where(and(eq(t.menus.id, id), isNull(t.menus.archivedAt)));
      await recordChange(tx, actor, 'combo.archive', subjectOf(before), snapshotOf(before), null);
      return { outcome: 'archived' as const };
    }
    await tx.delete(t.menus).where(eq(t.menus.id, id));
    await recordChange(tx, actor, 'combo.delete', subjectOf(before), snapshotOf(before), null);
    return { outcome: 'deleted' as const };
  });
}
