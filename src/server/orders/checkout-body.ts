/**
 * The checkout body read without yup, when it is in the form the storefront sends (decision 045).
 *
 * yup's `checkoutSchema.validate` cost about 10 % of the server's CPU per order: it clones and
 * resolves a schema per field, per line and per `when`. This reads the same body in one pass and
 * returns exactly what `checkoutSchema.validate(body, { stripUnknown: true, context })` returns for
 * it, or `null` as soon as anything is not plainly valid: then yup reads it, and yup alone words
 * every 422. So the fast path can only accept, never refuse; `tests/unit/checkout-body.test.ts`
 * holds both readers to the same answers over generated and hand-made bodies.
 */
import {
  DELIVER_TYPES,
  MAX_CAR_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_ORDER_LINES,
  MAX_PRODUCT_LINE_QTY,
  MAX_TIP,
  isOptionChoices,
  isPhone,
  type CheckoutContext,
  type CheckoutValues,
  type DeliverType,
} from '../../shared/contract/checkout';
import { AVOID_LIST_MAX, DECLARATION_CODE, type AvoidList } from '../../shared/contract/allergen-filter';
import { EMAIL_MAX, isEmail } from '../../shared/contract/email';
import { MAX_ID } from '../../shared/contract/params';

type Plain = Record<string, unknown>;

/** Thrown inside the reader to leave the fast path; never escapes `readCheckoutBody`. */
const NOT_PLAIN = Symbol('not plain');
function bail(): never {
  throw NOT_PLAIN;
}

const isPlain = (value: unknown): value is Plain => value !== null && typeof value === 'object' && !Array.isArray(value);

function id(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID) return value;
  return bail();
}
/** An id that may be absent (null by default); `required` when the context needs one. */
function optionalId(value: unknown, required: boolean): number | null {
  if (value === undefined || value === null) return required ? bail() : null;
  return id(value);
}

function quantity(value: unknown, max: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max) return value;
  return bail();
}

/** A trimmed string field, '' when absent; over `max` or empty while required leaves the fast path. */
function trimmed(value: unknown, max: number, required = false): string {
  if (value === undefined) return required ? bail() : '';
  if (typeof value !== 'string') return bail();
  const out = value.trim();
  if (out.length > max || (required && !out)) return bail();
  return out;
}

function flag(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  return bail();
}

function idList(value: unknown): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > 50) return bail();
  return value.map(id);
}

function choices(value: unknown) {
  if (value === undefined || value === null) return {};
  return isOptionChoices(value) ? value : bail();
}

function line(value: unknown): CheckoutValues['items'][number] {
  if (!isPlain(value)) return bail();
  if (value.type === 'menuItem') {
    const slots = value.items;
    if (!Array.isArray(slots) || slots.length > 20) return bail();
    return {
      type: 'menuItem',
      menuId: id(value.menuId),
      qty: quantity(value.qty, 6),
      items: slots.map((slot: unknown) => {
        if (!isPlain(slot)) return bail();
        return { slotId: id(slot.slotId), productId: id(slot.productId), options: choices(slot.options), extraIds: idList(slot.extraIds) };
      }),
    } as CheckoutValues['items'][number];
  }
  if (value.type !== 'productItem') return bail();
  return {
    type: 'productItem',
    productId: id(value.productId),
    sizeId: id(value.sizeId),
    qty: quantity(value.qty, MAX_PRODUCT_LINE_QTY),
    options: choices(value.options),
    extraIds: idList(value.extraIds),
  } as CheckoutValues['items'][number];
}

function coordinates(value: unknown): { lat: number; lng: number } | null {
  if (value === undefined || value === null) return null;
  if (!isPlain(value)) return bail();
  const { lat, lng } = value;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return bail();
  return { lat, lng };
}

function codeList(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > AVOID_LIST_MAX || !value.every((c) => typeof c === 'string' && DECLARATION_CODE.test(c))) return bail();
  return value as string[];
}

function avoidList(value: unknown): AvoidList | null {
  if (value === undefined || value === null) return null;
  if (!isPlain(value)) return bail();
  return { allergens: codeList(value.allergens), additives: codeList(value.additives) };
}

function amount(value: unknown, max: number): number {
  if (typeof value === 'number' && value >= 0 && value <= max) return value;
  return bail();
}

const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function read(body: unknown, context: CheckoutContext): CheckoutValues {
  if (!isPlain(body)) return bail();
  const { guest } = context;
  const account = Boolean(context.account);
  const items = body.items;
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_ORDER_LINES) return bail();
  const deliverType = body.deliverType;
  if (typeof deliverType !== 'string' || !DELIVER_TYPES.includes(deliverType as DeliverType)) return bail();
  const delivery = deliverType === 'delivery';
  const deliverAt = body.deliverAt;
  if (deliverAt !== 'now' && deliverAt !== 'later') return bail();
  let deliverDate: string | null = null;
  if (body.deliverDate !== undefined && body.deliverDate !== null) {
    if (typeof body.deliverDate !== 'string') return bail();
    deliverDate = body.deliverDate;
  }
  if (deliverAt === 'later' && !(deliverDate && LOCAL_DATETIME.test(deliverDate))) return bail();
  const email = trimmed(body.email, EMAIL_MAX, guest).toLowerCase();
  if (email && !isEmail(email, EMAIL_MAX)) return bail();
  const table = body.table === undefined || body.table === null ? null : trimmed(body.table, 40);
  if (body.terms !== true) return bail();
  const values: CheckoutValues = {
    items: items.map(line),
    name: trimmed(body.name, 120, guest),
    email,
    phone: trimmed(body.phone, 32, guest),
    deliverType: deliverType as DeliverType,
    areaId: optionalId(body.areaId, delivery && !account && !context.newAddress),
    addressId: optionalId(body.addressId, delivery && account),
    address: trimmed(body.address, 300, delivery && !account),
    extras: trimmed(body.extras, 200),
    buildingCode: trimmed(body.buildingCode, 40),
    zipcode: trimmed(body.zipcode, 10),
    coordinates: coordinates(body.coordinates),
    deliverAt,
    deliverDate,
    notes: trimmed(body.notes, MAX_NOTES_LENGTH),
    avoids: avoidList(body.avoids),
    car: trimmed(body.car, MAX_CAR_LENGTH, deliverType === 'curbside'),
    table,
    tip: body.tip === undefined ? 0 : amount(body.tip, MAX_TIP),
    terms: true,
    issueInvoice: flag(body.issueInvoice),
    useProfit: flag(body.useProfit),
    paymentType: trimmed(body.paymentType, 40, true),
    takeaway: flag(body.takeaway),
  };
  if (body.shownTotal !== undefined) values.shownTotal = amount(body.shownTotal, 1_000_000);
  return values;
}

/**
 * The body's values when it is plainly valid (what yup would answer), else `null`: read it with
 * `checkoutSchema`, which accepts what this could not decide and words every error.
 */
export async function readCheckoutBody(body: unknown, context: CheckoutContext): Promise<CheckoutValues | null> {
  let values: CheckoutValues;
  try {
    values = read(body, context);
  } catch (error) {
    if (error === NOT_PLAIN) return null;
    throw error;
  }
  if (values.phone && !(await isPhone(values.phone))) return null;
  return values;
}
