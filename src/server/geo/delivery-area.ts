/**
 * Which delivery area serves an address is the server's decision, never the browser's: the typed
 * address is looked up with the geocoder and the zones decide. A chosen area that disagrees, or a
 * marked pin far from the address, is refused with a message that says what to fix.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { GeocoderUnavailable, type Geocoder, type LatLng, type Place } from './geocoder';
import { areaFor, distanceMeters } from './zones';

export type AreaRow = typeof t.areas.$inferSelect;

/** How far a marked pin may lie from its address: a long building, a back entrance, a courtyard. */
export const MAX_PIN_DISTANCE_METERS = 250;

/**
 * The area that delivers to a point or postcode. Where an area has a zone and the point is known,
 * only the zone decides: a typed postcode must not move a far-away pin into range.
 */
export async function deliveryAreaFor(db: Db, point: LatLng | null, zipcode: string | null): Promise<AreaRow | null> {
  const rows = await db.select().from(t.areas).orderBy(asc(t.areas.id));
  return areaFor(
    rows.map((a) => ({ ...a, postcodes: point && a.polygon ? [] : [...a.postcodes, a.zipcode] })),
    point,
    zipcode || null,
  );
}

export interface AreaQuestion {
  /** What the customer typed, or what the geocoder named for them. */
  address: string;
  /** A marked pin (new address system); when set, the pin decides and the chosen area is ignored. */
  coordinates: LatLng | null;
  /** The area the customer picked from the list (old address system, guest checkout). */
  chosenAreaId: number | null;
}

export type AreaDecision =
  | { area: AreaRow; zipcode: string; errors?: undefined }
  /** Field errors in the spec's shape, keyed `address` or `areaId`. */
  | { errors: Record<string, string[]>; area?: undefined };

async function lookUp(geocoder: Geocoder, address: string, lang: string): Promise<Place | null> {
  const [first] = await geocoder.search(address, { lang, limit: 1, bounded: false });
  return first ? geocoder.place(first.placeId, lang) : null;
}

export async function decideDeliveryArea(db: Db, geocoder: Geocoder, question: AreaQuestion, lang: string): Promise<AreaDecision> {
  const { coordinates, chosenAreaId } = question;
  const refuse = (field: 'address' | 'areaId', text: string): AreaDecision => ({ errors: { [field]: [text] } });
  let place: Place | null;
  try {
    place = await lookUp(geocoder, question.address, lang);
  } catch (err) {
    if (!(err instanceof GeocoderUnavailable)) throw err;
    // The address service is down: orders keep coming in on what the customer chose (a pin, or the
    // area from the list), as before this check existed; staff see the address on the ticket.
    const fallback = coordinates
      ? await deliveryAreaFor(db, coordinates, null)
      : chosenAreaId === null
        ? null
        : ((await db.select().from(t.areas).where(eq(t.areas.id, chosenAreaId)))[0] ?? null);
    return fallback ? { area: fallback, zipcode: fallback.zipcode } : refuse('address', say(lang, 'address.outOfRange'));
  }
  if (!place) return refuse('address', say(lang, 'address.unknownAddress'));
  if (coordinates && distanceMeters(coordinates, place.coordinates) > MAX_PIN_DISTANCE_METERS) {
    return refuse('address', say(lang, 'address.pinTooFar'));
  }
  const area = await deliveryAreaFor(db, coordinates ?? place.coordinates, place.zipcode);
  if (!area) return refuse('address', say(lang, 'address.outOfRange'));
  if (!coordinates && chosenAreaId !== null && area.id !== chosenAreaId) {
    return refuse('areaId', say(lang, 'address.otherArea', { area: area.name }));
  }
  return { area, zipcode: place.zipcode || area.zipcode };
}

/**
 * A guest's delivery in the new address system (decision 020): the marked location decides the area,
 * whatever area the browser names. A pin in no zone is out of range, even with an address text that
 * lies in one; a pin in range must still lie at the address the driver is given (as for a saved
 * address). When the decision fails only because of the pin's own position, the answer is the
 * spec's out-of-range message.
 */
export async function decidePinnedArea(db: Db, geocoder: Geocoder, question: { address: string; coordinates: LatLng }, lang: string): Promise<AreaDecision> {
  const inZone = await deliveryAreaFor(db, question.coordinates, null);
  const decided = await decideDeliveryArea(db, geocoder, { ...question, chosenAreaId: null }, lang);
  if (decided.errors && !inZone) return { errors: { address: [say(lang, 'address.outOfRange')] } };
  return decided;
}
