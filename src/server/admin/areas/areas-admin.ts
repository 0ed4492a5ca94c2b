import { asc, count, eq } from 'drizzle-orm';
import { parsePostcodes, readZone, type AdminArea, type AreaEditValues, type AreasAdminView } from '../../../shared/contract/areas-admin';
import { parseEuroText } from '../../../shared/pricing/euro-text';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { HttpError } from '../../plugins/errors';
import { recordChange, type Actor } from '../../staff/audit';

type AreaRow = typeof t.areas.$inferSelect;

/** What the history keeps of an area: its fields, the zone only by its number of points (a zone is long). */
function snapshot(row: AreaRow): Record<string, unknown> {
  const points = row.polygon
    ? row.polygon.type === 'Polygon'
      ? row.polygon.coordinates.flat().length
      : row.polygon.coordinates.flat(2).length
    : 0;
  return {
    name: row.name,
    postcodes: row.postcodes.join(', '),
    minimumOrderCents: row.minimumOrderCents,
    deliveryPriceCents: row.deliveryPriceCents,
    freeDeliveryThresholdCents: row.freeDeliveryThresholdCents,
    zonePoints: points,
    zone: row.polygon ? hash(JSON.stringify(row.polygon)) : null,
  };
}

/** A short fingerprint so a redrawn zone with the same number of points still shows as changed. */
function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** The form's values as the table's columns; the schema has already checked each of them. */
function columns(values: AreaEditValues) {
  const postcodes = parsePostcodes(values.postcodes ?? '') ?? [];
  const cents = (raw: string) => parseEuroText(raw) ?? 0;
  return {
    name: values.name,
    zipcode: postcodes.join(', '),
    postcodes,
    minimumOrderCents: cents(values.minimumOrder),
    deliveryPriceCents: cents(values.deliveryPrice),
    freeDeliveryThresholdCents: cents(values.freeDeliveryThreshold),
    polygon: readZone(values.polygon).zone,
  };
}

async function addressCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ areaId: t.addresses.areaId, n: count() }).from(t.addresses).groupBy(t.addresses.areaId);
  return new Map(rows.map((r) => [r.areaId, r.n]));
}

function out(row: AreaRow, addressCount: number): AdminArea {
  return {
    id: row.id,
    name: row.name,
    zipcode: row.zipcode,
    postcodes: row.postcodes,
    minimumOrderCents: row.minimumOrderCents,
    deliveryPriceCents: row.deliveryPriceCents,
    freeDeliveryThresholdCents: row.freeDeliveryThresholdCents,
    polygon: row.polygon,
    addressCount,
  };
}

export async function listAreas(db: Db): Promise<AreasAdminView> {
  const rows = await db.select().from(t.areas).orderBy(asc(t.areas.name), asc(t.areas.id));
  const counts = await addressCounts(db);
  const [pin] = await db.select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, 'RESTAURANT_COORDINATES'));
  const value = pin?.value as { lat?: unknown; lng?: unknown } | null | undefined;
  const restaurant = value && typeof value.lat === 'number' && typeof value.lng === 'number' ? { lat: value.lat, lng: value.lng } : null;
  return { areas: rows.map((r) => out(r, counts.get(r.id) ?? 0)), restaurant };
}

export async function createArea(db: Db, actor: Actor, values: AreaEditValues): Promise<AdminArea> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(t.areas).values(columns(values)).returning();
    if (!row) throw new Error('area insert returned nothing');
    await recordChange(tx, actor, 'area.create', row.name, null, snapshot(row));
    return out(row, 0);
  });
}

export async function updateArea(db: Db, actor: Actor, lang: string, id: number, values: AreaEditValues): Promise<AdminArea> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(t.areas).where(eq(t.areas.id, id)).for('update');
    if (!before) throw new HttpError(404, say(lang, 'area.notFound'));
    const [row] = await tx.update(t.areas).set(columns(values)).where(eq(t.areas.id, id)).returning();
    if (!row) throw new HttpError(404, say(lang, 'area.notFound'));
    await recordChange(tx, actor, 'area.update', row.name, snapshot(before), snapshot(row));
    const [used] = await tx.select({ n: count() }).from(t.addresses).where(eq(t.addresses.areaId, id));
    return out(row, used?.n ?? 0);
  });
}

/**
 * Deletes an area no saved address lies in. The database would delete customers' saved addresses
 * with it (`addresses.area_id` cascades), silently: so an area in use is refused with the number
 * of addresses, and the owner edits it (its zone, its fees) instead (decision 025). Past orders
 * keep their copy of the address and lose only the link (`orders.area_id` is set null).
 */
export async function deleteArea(db: Db, actor: Actor, lang: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(t.areas).where(eq(t.areas.id, id)).for('update');
    if (!row) throw new HttpError(404, say(lang, 'area.notFound'));
    const [used] = await tx.select({ n: count() }).from(t.addresses).where(eq(t.addresses.areaId, id));
    const n = used?.n ?? 0;
    if (n > 0) throw new HttpError(409, say(lang, 'area.inUse', { n }));
    await tx.delete(t.areas).where(eq(t.areas.id, id));
    await recordChange(tx, actor, 'area.delete', row.name, snapshot(row), null);
  });
}
