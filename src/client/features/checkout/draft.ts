import type { DraftValues } from '../../lib/checkout-draft';
import type { CheckoutFormValues } from './payload';

/** Whose entries these are: a table, one customer, or the guest using this tab. */
export function draftOwner(userId: number | null, tableCode: string | null): string {
  if (tableCode) return `table:${tableCode}`;
  if (userId !== null) return `user:${userId}`;
  return 'guest';
}

/** What is kept between attempts: everything but the terms, which the diner accepts for each order. */
export function toDraft(values: CheckoutFormValues): DraftValues {
  const kept: DraftValues = { ...values };
  delete kept.terms;
  return kept;
}

type Key = keyof CheckoutFormValues;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown): x is string => typeof x === 'string';
/** A finite number no larger than `limit` either way. */
const isCoordinate = (x: unknown, limit: number): x is number => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= limit;

/** A checked place as the range check answered it; anything else in storage (an old shape, a hand edit) is dropped. */
function isCheckedPlace(x: unknown): boolean {
  if (!isRecord(x) || !isRecord(x.place) || !isRecord(x.area)) return false;
  const { place, area } = x;
  return (
    isText(place.placeId) &&
    isText(place.address) &&
    isText(place.zipcode) &&
    isRecord(place.coordinates) &&
    isCoordinate(place.coordinates.lat, 90) &&
    isCoordinate(place.coordinates.lng, 180) &&
    typeof area.id === 'number' &&
    isText(area.name) &&
    isText(area.zipcode) &&
    ['minimumOrder', 'deliveryPrice', 'freeDeliveryThreshold'].every((k) => isCoordinate(area[k], Number.MAX_SAFE_INTEGER))
  );
}

function sameKind(key: Key, initial: CheckoutFormValues, value: unknown): boolean {
  if (key === 'place') return value === null || isCheckedPlace(value);
  if (key === 'tipPercent') return value === null || (typeof value === 'number' && Number.isFinite(value) && value > 0);
  if (key === 'deliverAt') return value === 'now' || value === 'later';
  return typeof value === typeof initial[key];
}

/**
 * The form's starting values with the draft's entries laid over them. Only known fields of the
 * right kind come back; a deliver type the form no longer offers (the operator switched it off,
 * or the diner joined a table since) and "send now" while the restaurant is closed are left out.
 */
export function restoreDraft(
  initial: CheckoutFormValues,
  draft: DraftValues | null,
  context: { deliverTypes: readonly string[]; openNow: boolean },
): CheckoutFormValues {
  if (!draft) return initial;
  const out: CheckoutFormValues = { ...initial };
  const target = out as unknown as Record<Key, unknown>;
  for (const key of Object.keys(initial) as Key[]) {
    if (key === 'terms' || !(key in draft)) continue;
    const value = draft[key];
    if (!sameKind(key, initial, value)) continue;
    if (key === 'deliverType' && value !== '' && !context.deliverTypes.includes(value as string)) continue;
    if (key === 'deliverAt' && value === 'now' && !context.openNow) continue;
    target[key] = value;
  }
  return out;
}
