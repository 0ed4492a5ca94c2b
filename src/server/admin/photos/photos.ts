/**
 * A product's, category's or combo menu's photo: uploaded, removed, described (decision 023).
 * Each change is one line of the owner's history, with the poster's URL before and after.
 */
import { asc, eq } from 'drizzle-orm';
import type { PhotoTarget } from '../../../shared/contract/photos';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import type { I18nText, StoredMedia } from '../../db/schema';
import { recordChange, type Actor } from '../../staff/audit';
import { processPhoto } from './process';
import { photoJobs } from './queue';
import { saveFiles } from './store';

/** The three tables with a poster, each read and written the same way. */
const TABLES = { product: t.products, category: t.categories, menu: t.menus } as const;

interface Owner {
  name: I18nText;
  poster: StoredMedia | null;
}

/** The record, locked for the rest of the transaction, so two uploads cannot both read the old photo. */
async function lockOwner(tx: Db, target: PhotoTarget, id: number): Promise<Owner | undefined> {
  const table = TABLES[target];
  const [row] = await tx.select({ name: table.name, poster: table.poster }).from(table).where(eq(table.id, id)).for('update');
  return row;
}

async function writePoster(tx: Db, target: PhotoTarget, id: number, poster: StoredMedia | null): Promise<void> {
  const table = TABLES[target];
  await tx.update(table).set({ poster }).where(eq(table.id, id));
}

/** The history names the record in the restaurant's own language. */
const subjectOf = (owner: Owner) => owner.name.de ?? Object.values(owner.name)[0] ?? '';
const urlOf = (poster: StoredMedia | null) => poster?.url ?? null;

/** Undefined when there is no such record; the new poster otherwise. */
export async function uploadPhoto(db: Db, actor: Actor, target: PhotoTarget, id: number, upload: Buffer): Promise<StoredMedia | undefined> {
  // Cheap refusal first: no photo work for a record that is not there.
  if (!(await lockOwner(db, target, id))) return undefined;
  const photo = await photoJobs(() => processPhoto(upload));
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, target, id);
    if (!owner) return undefined;
    await saveFiles(tx, photo.files);
    // The alt text describes the dish, not the picture: a new photo keeps it.
    const poster: StoredMedia = { url: photo.url, alt: owner.poster?.alt ?? {}, variants: photo.variants, renditions: photo.renditions };
    await writePoster(tx, target, id, poster);
    await recordChange(tx, actor, 'photo.upload', subjectOf(owner), { photo: urlOf(owner.poster) }, { photo: poster.url });
    return poster;
  });
}

/** False when there is no such record. Removing a missing photo succeeds and records nothing. */
export async function removePhoto(db: Db, actor: Actor, target: PhotoTarget, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, target, id);
    if (!owner) return false;
    if (!owner.poster) return true;
    await writePoster(tx, target, id, null);
    await recordChange(tx, actor, 'photo.remove', subjectOf(owner), { photo: urlOf(owner.poster) }, { photo: null });
    return true;
  });
}

export type AltResult = { status: 'missing' } | { status: 'noPhoto' } | { status: 'saved'; poster: StoredMedia };

/** Only languages with text are kept: an emptied field falls back to the default language. */
export async function setPhotoAlt(db: Db, actor: Actor, target: PhotoTarget, id: number, alt: I18nText): Promise<AltResult> {
  const cleaned = Object.fromEntries(Object.entries(alt).map(([lang, text]) => [lang, text.trim()]).filter(([, text]) => text));
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, target, id);
    if (!owner) return { status: 'missing' };
    if (!owner.poster) return { status: 'noPhoto' };
    const poster: StoredMedia = { ...owner.poster, alt: cleaned };
    await writePoster(tx, target, id, poster);
    await recordChange(tx, actor, 'photo.alt', subjectOf(owner), { alt: owner.poster.alt }, { alt: cleaned });
    return { status: 'saved', poster };
  });
}

/** A record that can carry a photo, as stored; the route shapes it as the catalog does. */
export interface PhotoOwnerRow {
  target: PhotoTarget;
  id: number;
  name: I18nText;
  /** The category a product is in; null for categories and menus. */
  group: I18nText | null;
  poster: StoredMedia | null;
}

/** Every record that can carry a photo, in the menu's order, for the Photos screen. */
export async function listPhotoOwners(db: Db): Promise<PhotoOwnerRow[]> {
  const [categories, products, menus] = await Promise.all([
    db.select().from(t.categories).orderBy(asc(t.categories.sort), asc(t.categories.id)),
    db.select().from(t.products).orderBy(asc(t.products.sort), asc(t.products.id)),
    db.select().from(t.menus).orderBy(asc(t.menus.sort), asc(t.menus.id)),
  ]);
  const byCategory = categories.flatMap((c): PhotoOwnerRow[] => [
    { target: 'category', id: c.id, name: c.name, group: null, poster: c.poster },
    ...products.filter((p) => p.categoryId === c.id).map((p): PhotoOwnerRow => ({ target: 'product', id: p.id, name: p.name, group: c.name, poster: p.poster })),
  ]);
  return [...byCategory, ...menus.map((m): PhotoOwnerRow => ({ target: 'menu', id: m.id, name: m.name, group: null, poster: m.poster }))];
}

/** One record's photo as the editor shows it; undefined when there is no such record. */
export async function photoOwner(db: Db, target: PhotoTarget, id: number): Promise<PhotoOwnerRow | undefined> {
  const table = TABLES[target];
  const [row] = await db.select({ id: table.id, name: table.name, poster: table.poster }).from(table).where(eq(table.id, id));
  return row ? { target, id: row.id, name: row.name, group: null, poster: row.poster } : undefined;
}
