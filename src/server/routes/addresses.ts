/**
 * Saved delivery addresses (spec §7 /me/addresses…). A customer only ever sees their own: another
 * customer's id answers like an id that does not exist. Where an address belongs is decided here,
 * by the delivery zones, never by the browser.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addressCheckSchema,
  addressSchema,
  placeParams,
  searchQuery,
  type AddressCheckResult,
  type AddressOut,
  type AddressValues,
  type PlaceOut,
} from '../../shared/contract/account';
import { isOn } from '../../shared/contract/settings';
import { idParams } from '../../shared/contract/params';
import { consume, type LimitRule } from '../auth/rate-limit';
import { requireSession } from '../auth/session';
import type { Db } from '../db/client';
import { violates } from '../db/constraint';
import * as t from '../db/schema';
import { GeocoderUnavailable, type Geocoder, type Place } from '../geo/geocoder';
import { decideDeliveryArea, deliveryAreaFor, type AreaRow } from '../geo/delivery-area';
import { say } from '../i18n/messages';
import { FieldErrors, HttpError } from '../plugins/errors';
import { loadSettings } from '../settings';
import { areaOut } from '../catalog/out';

/** Enough for home, work, parents and friends; a bound keeps one account from filling the table. */
export const MAX_ADDRESSES = 20;

/**
 * Guests' address look-ups (search, place details, range check) from one network address: a guest
 * types a few searches and checks one or two places per order; the bound keeps the open door from
 * becoming a free geocoding service that passes its costs and the map provider's limits on to us
 * (decision 020).
 */
export const GUEST_LOOKUP_LIMIT: LimitRule = { limit: 120, windowSeconds: 10 * 60 };

type AddressRow = typeof t.addresses.$inferSelect;

function addressOut(a: AddressRow, area: AreaRow): AddressOut {
  return {
    id: a.id,
    name: a.name,
    address: a.address,
    extras: a.extras,
    isDefault: a.isDefault,
    zipcode: a.zipcode,
    coordinates: a.lat !== null && a.lng !== null ? { lat: a.lat, lng: a.lng } : null,
    area: areaOut(area),
    areaId: area.id,
    buildingCode: a.buildingCode,
  };
}

function placeOut(p: Place): PlaceOut {
  return { placeId: p.placeId, address: p.address, zipcode: p.zipcode, coordinates: p.coordinates };
}

export interface AddressRouteOptions {
  db: Db;
  geocoder: Geocoder;
  rateLimitScale: number;
}

export async function addressRoutes(app: FastifyInstance, { db, geocoder, rateLimitScale }: AddressRouteOptions): Promise<void> {
  async function geocode<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GeocoderUnavailable) throw new HttpError(503, say(request.lang, 'address.geocoderDown'));
      throw err;
    }
  }

  async function ownAddress(request: FastifyRequest, userId: number, id: number): Promise<{ address: AddressRow; area: AreaRow }> {
    const [row] = await db
      .select({ address: t.addresses, area: t.areas })
      .from(t.addresses)
      .innerJoin(t.areas, eq(t.areas.id, t.addresses.areaId))
      .where(and(eq(t.addresses.id, id), eq(t.addresses.userId, userId)));
    if (!row) throw new HttpError(404, say(request.lang, 'address.notFound'));
    return row;
  }

  /**
   * The area an address belongs to, decided from the address itself: in the new system the marked
   * pin must lie at the address, in the old one the chosen area must be the address's.
   */
  async function areaOf(request: FastifyRequest, values: AddressValues): Promise<{ area: AreaRow; zipcode: string }> {
    const settings = await loadSettings(db);
    const newSystem = isOn(settings, 'USES_NEW_ADDRESS_SYSTEM');
    if (newSystem && !values.coordinates) throw new FieldErrors({ address: [say(request.lang, 'address.markLocation')] });
    if (!newSystem) {
      if (values.areaId === null) throw new FieldErrors({ areaId: [say(request.lang, 'validation.required')] });
      const [chosen] = await db.select({ id: t.areas.id }).from(t.areas).where(eq(t.areas.id, values.areaId));
      if (!chosen) throw new FieldErrors({ areaId: [say(request.lang, 'checkout.unknownArea')] });
    }
    const decided = await decideDeliveryArea(
      db,
      geocoder,
      { address: values.address, coordinates: newSystem ? values.coordinates : null, chosenAreaId: newSystem ? null : values.areaId },
      request.lang,
    );
    if (decided.errors) throw new FieldErrors(decided.errors);
    return decided;
  }

  function columns(values: AddressValues, { area, zipcode }: { area: AreaRow; zipcode: string }) {
    return {
      name: values.name,
      address: values.address,
      extras: values.extras,
      zipcode,
      buildingCode: values.buildingCode,
      lat: values.coordinates?.lat ?? null,
      lng: values.coordinates?.lng ?? null,
      areaId: area.id,
    };
  }

  /**
   * One default per customer: marking one unmarks the others first (the database's unique index
   * would refuse a second). Every address write of a customer runs after locking the customer's
   * row, so concurrent saves queue instead of failing on the index or the cap.
   */
  async function lockCustomer(tx: Db, userId: number): Promise<void> {
    await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, userId)).for('update');
  }

  async function unmarkOthers(tx: Db, userId: number, keepId: number | null): Promise<void> {
    await tx
      .update(t.addresses)
      .set({ isDefault: false })
      .where(and(eq(t.addresses.userId, userId), keepId === null ? undefined : ne(t.addresses.id, keepId), eq(t.addresses.isDefault, true)));
  }

  app.get('/me/addresses', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireSession(db, request);
    const rows = await db
      .select({ address: t.addresses, area: t.areas })
      .from(t.addresses)
      .innerJoin(t.areas, eq(t.areas.id, t.addresses.areaId))
      .where(eq(t.addresses.userId, user.id))
      .orderBy(desc(t.addresses.isDefault), asc(t.addresses.id));
    return { data: rows.map((r) => addressOut(r.address, r.area)) };
  });

  app.post('/me/addresses', async (request, reply) => {
    const { user } = await requireSession(db, request);
    const values = await addressSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    const decided = await areaOf(request, values);
    const tooMany = () => new FieldErrors({ name: [say(request.lang, 'address.tooMany', { max: MAX_ADDRESSES })] });
    const created = await db
      .transaction(async (tx) => {
        await lockCustomer(tx, user.id);
        const existing = await tx.select({ id: t.addresses.id }).from(t.addresses).where(eq(t.addresses.userId, user.id));
        if (existing.length >= MAX_ADDRESSES) return null;
        // The first address is the default whatever the box says: checkout preselects it.
        const isDefault = values.isDefault || existing.length === 0;
        if (isDefault) await unmarkOthers(tx, user.id, null);
        const [row] = await tx
          .insert(t.addresses)
          .values({ userId: user.id, ...columns(values, decided), isDefault })
          .returning();
        return row;
      })
      .catch((err: unknown) => {
        // The database's own cap (a trigger): reached only if a write skipped the lock above.
        if (violates(err, 'addresses_cap')) return null;
        throw err;
      });
    if (!created) throw tooMany();
    return reply.code(201).send({ data: addressOut(created, decided.area) });
  });

  app.get<{ Params: { id: number } }>('/me/addresses/:id/edit', { schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireSession(db, request);
    const { address, area } = await ownAddress(request, user.id, request.params.id);
    return { data: addressOut(address, area) };
  });

  app.put<{ Params: { id: number } }>('/me/addresses/:id', { schema: { params: idParams } }, async (request) => {
    const { user } = await requireSession(db, request);
    const current = await ownAddress(request, user.id, request.params.id);
    const values = await addressSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    const decided = await areaOf(request, values);
    const updated = await db.transaction(async (tx) => {
      await lockCustomer(tx, user.id);
      // Unticking the only default leaves it the default: checkout always has one to preselect.
      const isDefault = values.isDefault || current.address.isDefault;
      if (isDefault) await unmarkOthers(tx, user.id, current.address.id);
      const [row] = await tx
        .update(t.addresses)
        .set({ ...columns(values, decided), isDefault, updatedAt: new Date() })
        .where(and(eq(t.addresses.id, current.address.id), eq(t.addresses.userId, user.id)))
        .returning();
      return row;
    });
    if (!updated) throw new HttpError(404, say(request.lang, 'address.notFound'));
    return { data: addressOut(updated, decided.area) };
  });

  app.delete<{ Params: { id: number } }>('/me/addresses/:id', { schema: { params: idParams } }, async (request) => {
    const { user } = await requireSession(db, request);
    const { address } = await ownAddress(request, user.id, request.params.id);
    await db.transaction(async (tx) => {
      await lockCustomer(tx, user.id);
      await tx.delete(t.addresses).where(and(eq(t.addresses.id, address.id), eq(t.addresses.userId, user.id)));
      if (!address.isDefault) return;
      const [next] = await tx
        .select({ id: t.addresses.id })
        .from(t.addresses)
        .where(eq(t.addresses.userId, user.id))
        .orderBy(desc(t.addresses.id))
        .limit(1);
      if (next) await tx.update(t.addresses).set({ isDefault: true }).where(eq(t.addresses.id, next.id));
    });
    return { data: { ok: true } };
  });

  /**
   * Who may look places up. Spec §7 puts the look-ups under /me (signed-in customers); a guest
   * checking out for delivery in the new address system needs the same three, so they are also
   * open under /addresses to visitors (decision 020): only while that system and delivery are on,
   * and counted per network address.
   */
  type Door = (request: FastifyRequest) => Promise<void>;
  const customer: Door = async (request) => {
    await requireSession(db, request);
  };
  const visitor: Door = async (request) => {
    const settings = await loadSettings(db);
    if (!isOn(settings, 'USES_NEW_ADDRESS_SYSTEM') || !isOn(settings, 'ALLOW_DELIVERY')) {
      throw new HttpError(404, say(request.lang, 'address.guestSearchOff'));
    }
    await consume(db, `address-lookup:${request.ip}`, GUEST_LOOKUP_LIMIT, request.lang, rateLimitScale, 'address.rateLimited');
  };

  for (const [base, door] of [
    ['/me/addresses', customer],
    ['/addresses', visitor],
  ] as const) {
    // Suggestions: `search-fixed` stays inside the delivery region (what the address form offers);
    // `search` looks anywhere, so a customer can see that a place is out of range.
    for (const [path, bounded] of [
      [`${base}/search-fixed`, true],
      [`${base}/search`, false],
    ] as const) {
      app.get<{ Querystring: { q: string } }>(path, { schema: { querystring: searchQuery } }, async (request, reply) => {
        await door(request);
        reply.header('cache-control', 'no-store');
        const data = await geocode(request, () => geocoder.search(request.query.q, { lang: request.lang, limit: 6, bounded }));
        return { data };
      });
    }

    app.get<{ Params: { id: string } }>(`${base}/places/:id`, { schema: { params: placeParams } }, async (request, reply) => {
      await door(request);
      reply.header('cache-control', 'no-store');
      const place = await geocode(request, () => geocoder.place(request.params.id, request.lang));
      if (!place) throw new HttpError(404, say(request.lang, 'address.placeNotFound'));
      return { data: placeOut(place) };
    });

    app.post(`${base}/check`, async (request) => {
      await door(request);
      return { data: await checkPlace(request) };
    });
  }

  /** Spec §7 check: the place named by id, coordinates or text, and the area whose zone it lies in. */
  async function checkPlace(request: FastifyRequest): Promise<AddressCheckResult> {
    const values = await addressCheckSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    let place: Place | null = null;
    if (values.placeId) {
      place = await geocode(request, () => geocoder.place(values.placeId ?? '', request.lang));
    } else if (values.coordinates) {
      const point = values.coordinates;
      // Reverse geocoding names the marked spot; the spot itself is what the zone check uses.
      const named = await geocode(request, () => geocoder.reverse(point, request.lang));
      place = {
        placeId: named?.placeId ?? `pt:${point.lat.toFixed(6)},${point.lng.toFixed(6)}`,
        address: named?.address ?? values.address,
        zipcode: named?.zipcode ?? values.zipcode,
        coordinates: point,
      };
    } else if (values.address) {
      const [first] = await geocode(request, () => geocoder.search(values.address, { lang: request.lang, limit: 1, bounded: false }));
      if (first) place = await geocode(request, () => geocoder.place(first.placeId, request.lang));
    }
    if (!place) throw new FieldErrors({ address: [say(request.lang, 'address.placeNotFound')] });
    const area = await deliveryAreaFor(db, place.coordinates, place.zipcode);
    if (!area) throw new FieldErrors({ address: [say(request.lang, 'address.outOfRange')] });
    return { area: areaOut(area), place: placeOut(place) };
  }
}
