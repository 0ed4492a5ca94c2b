/**
 * The checkout contract (spec §3 "Checkout payload" and "Order"): one yup schema for the client's
 * form and the server's validator, and the shapes the API answers with.
 *
 * Messages are keys (`validation.*`): the server answers them in the request's language, the
 * client shows them through Lingui. Amounts cross the API in euros, like the catalog's prices.
 */
import * as yup from 'yup';
import { AVOID_LIST_MAX, DECLARATION_CODE } from './allergen-filter';
import type { OptionChoices } from './cart';
import { DELIVER_TYPES, MAX_CAR_LENGTH, MAX_NOTES_LENGTH, MAX_ORDER_LINES, MAX_PRODUCT_LINE_QTY, MAX_TIP } from './order';
import { MAX_ID, plainNumber, trimmedString } from './params';
import { emailAddress } from './email';
import { isPhone, V } from './validation';

export * from './order';
export { isPhone, V, type ValidationKey } from './validation';


const id = () => plainNumber().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_ID, V.number);
const idList = (max: number) => yup.array(id().required(V.number)).max(max, V.choice).default([]);

/** Option choices as the cart sends them: at most 100 option ids, each with at most 50 whole ids. */
export function isOptionChoices(value: unknown): value is OptionChoices {
  if (value === undefined) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 100) return false;
  return entries.every(
    ([key, ids]) =>
      /^[1-9]\d{0,9}$/.test(key) &&
      Array.isArray(ids) &&
      ids.length <= 50 &&
      ids.every((x) => Number.isSafeInteger(x) && (x as number) >= 1 && (x as number) <= MAX_ID),
  );
}

const optionChoices = () =>
  yup
    .mixed<OptionChoices>()
    .test('options', V.choice, isOptionChoices)
    .transform((v: unknown) => v ?? {})
    .default({});

const qty = (max: number) => plainNumber().typeError(V.quantity).required(V.quantity).integer(V.quantity).min(1, V.quantity).max(max, V.quantity);

const productLine = yup.object({
  type: yup.string().oneOf(['productItem']).required(),
  productId: id().required(V.required),
  sizeId: id().required(V.required),
  qty: qty(MAX_PRODUCT_LINE_QTY),
  options: optionChoices(),
  extraIds: idList(50),
});

const menuSlotChoice = yup.object({
  slotId: id().required(V.required),
  productId: id().required(V.required),
  options: optionChoices(),
  extraIds: idList(50),
});

const menuLine = yup.object({
  type: yup.string().oneOf(['menuItem']).required(),
  menuId: id().required(V.required),
  qty: qty(6),
  items: yup.array(menuSlotChoice).max(20, V.choice).required(V.required),
});

// Built once: `shape` copies the schema, and the lazy line below picks a schema for every line of every order.
const productLineOrWrongType = productLine.shape({ type: yup.string().oneOf(['productItem'], V.items).required(V.items) });

const line = yup.lazy((value: unknown) =>
  value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'menuItem' ? menuLine : productLineOrWrongType,
);

const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const trimmed = (max: number) => trimmedString().max(max, V.tooLong).default('');

/**
 * Who is ordering decides which fields are required (validate with `{ context }`); the server
 * adds the rules that need data.
 */
export interface CheckoutContext {
  /** A guest has no account and no table session: name, e-mail and phone are required. */
  guest: boolean;
  /** A signed-in customer delivers to a saved address instead of typing one (spec §5). */
  account?: boolean;
  /**
   * The operator runs the new address system (USES_NEW_ADDRESS_SYSTEM): a guest marks the place
   * (search or current location) and the server finds the area from it, so no area is chosen.
   */
  newAddress?: boolean;
}

/** Delivery needs a typed address from guests and a saved one from customers. */
const typedAddress = (deliverType: unknown, account: unknown) => deliverType === 'delivery' && !account;
const savedAddress = (deliverType: unknown, account: unknown) => deliverType === 'delivery' && Boolean(account);
/** The old address system's guest delivery: an area picked from the list. */
const chosenArea = (deliverType: unknown, account: unknown, newAddress: unknown) => typedAddress(deliverType, account) && !newAddress;

/**
 * A coordinate as JSON sends it: a number in range. A string, NaN or ±Infinity is refused rather
 * than read, so a hostile body cannot move the point that decides the area and the fee.
 */
const coordinate = (limit: number) => yup.number().strict().typeError(V.number).min(-limit, V.number).max(limit, V.number).required(V.number);

// A code is a short string as sent: a number is not cast into one.
const code = () => yup.mixed<string>((v): v is string => typeof v === 'string').test('code', V.choice, (v) => typeof v === 'string' && DECLARATION_CODE.test(v));
const codeList = () => yup.array(code().required(V.choice)).max(AVOID_LIST_MAX, V.choice).default([]);

const forGuest = (max: number) => trimmed(max).when('$guest', { is: true, then: (s) => s.required(V.required) });

export const checkoutSchema = yup.object({
  items: yup.array(line).min(1, V.items).max(MAX_ORDER_LINES, V.items).required(V.items),
  name: forGuest(120),
  email: emailAddress()
    .default('')
    .when('$guest', { is: true, then: (s) => s.required(V.required) }),
  phone: forGuest(32).test('phone', V.phone, async (v) => !v || (await isPhone(v))),
  deliverType: yup.string().oneOf(DELIVER_TYPES, V.required).required(V.required),
  areaId: id()
    .nullable()
    .default(null)
    .when(['deliverType', '$account', '$newAddress'], { is: chosenArea, then: (s) => s.required(V.required) }),
  addressId: id()
    .nullable()
    .default(null)
    .when(['deliverType', '$account'], { is: savedAddress, then: (s) => s.required(V.required) }),
  address: trimmed(300).when(['deliverType', '$account'], { is: typedAddress, then: (s) => s.required(V.required) }),
  extras: trimmed(200),
  buildingCode: trimmed(40),
  zipcode: trimmed(10),
  coordinates: yup.object({ lat: coordinate(90), lng: coordinate(180) }).typeError(V.number).nullable().default(null),
  deliverAt: yup.string().oneOf(['now', 'later'], V.required).required(V.required),
  deliverDate: yup
    .string()
    .nullable()
    .default(null)
    .when('deliverAt', {
      is: 'later',
      then: (s) => s.required(V.required).matches(LOCAL_DATETIME, V.dateFormat),
    }),
  notes: trimmed(MAX_NOTES_LENGTH),
  // The strict allergen filter, when the diner shares it with the kitchen (decision 054).
  avoids: yup.object({ allergens: codeList(), additives: codeList() }).typeError(V.choice).nullable().default(null),
  // Required at the curb: without it staff walk the car park looking for a stranger (decision 013).
  car: trimmed(MAX_CAR_LENGTH).when('deliverType', { is: 'curbside', then: (s) => s.required(V.required) }),
  table: trimmedString().max(40, V.tooLong).nullable().default(null),
  tip: plainNumber().typeError(V.tip).min(0, V.tip).max(MAX_TIP, V.tip).default(0),
  terms: yup.boolean().typeError(V.terms).oneOf([true], V.terms).required(V.terms),
  issueInvoice: yup.boolean().default(false),
  useProfit: yup.boolean().default(false),
  paymentType: trimmedString().max(40).required(V.required),
  takeaway: yup.boolean().default(false),
  // Decision 022: what the diner saw, compared with the server's total; absent, nothing is compared.
  shownTotal: plainNumber().typeError(V.number).min(0, V.number).max(1_000_000, V.number).optional(),
});

export type CheckoutValues = yup.InferType<typeof checkoutSchema>;

/** `GET /checkout/check` query. */
export const paymentCheckQuery = yup.object({
  payment: trimmedString().matches(/^[a-z][a-z0-9_-]{0,39}$/, V.required).required(V.required),
  sess: trimmedString().matches(/^[A-Za-z0-9_-]{16,128}$/, V.required).required(V.required),
});

/** Idempotency keys are made on the device: a UUID or any 16–100 URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

