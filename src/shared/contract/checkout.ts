/**
 * The checkout contract (spec §3 "Checkout payload" and "Order"): one yup schema for the client's
 * form and the server's validator, and the shapes the API answers with.
 *
 * Messages are keys (`validation.*`): the server answers them in the request's language, the
 * client shows them through Lingui. Amounts cross the API in euros, like the catalog's prices.
 */
import { isValidPhoneNumber } from 'libphonenumber-js';
import * as yup from 'yup';
import type { MenuSlotChoice, OptionChoices } from './cart';
import { MAX_ID } from './params';

export const DELIVER_TYPES = ['delivery', 'takeaway', 'curbside', 'table'] as const;
export type DeliverType = (typeof DELIVER_TYPES)[number];

/** Menu lines stop at 6 (spec §5); product lines have no limit in the cart store, so the server caps them at a sane 99. */
export const MAX_PRODUCT_LINE_QTY = 99;
export const MAX_ORDER_LINES = 60;
export const MAX_NOTES_LENGTH = 500;
/** A tip never exceeds this many euros: a typo guard (1000 typed for 10.00). */
export const MAX_TIP = 500;
/** How far ahead a diner may schedule an order. */
export const MAX_SCHEDULE_DAYS = 14;
/** The earliest scheduled time is this many minutes from now. */
export const MIN_SCHEDULE_LEAD_MINUTES = 15;
/** An order that sat in the device's outbox longer than this is confirmed again before it is sent. */
export const OUTBOX_CONFIRM_AFTER_MS = 30 * 60 * 1000;

export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending_approval',
  'approved',
  'rejected',
  'completed',
  'payment_failed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses after which an order no longer changes on its own. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['rejected', 'completed', 'payment_failed', 'cancelled'];

export const PAYMENT_STATES = ['pending', 'due', 'paid', 'failed', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export type DisplayOption = 'direct' | 'redirect';

export interface PaymentProviderInfo {
  id: string;
  name: string;
  displayOption: DisplayOption;
}

export interface TableInfo {
  code: string;
  name: string;
  seats: number;
}

export interface TableSessionGrant {
  table: TableInfo;
  token: string;
  expiresAt: string;
}

export interface CheckoutProductLine {
  type: 'productItem';
  productId: number;
  sizeId: number;
  qty: number;
  options: OptionChoices;
  extraIds: number[];
}

export interface CheckoutMenuLine {
  type: 'menuItem';
  menuId: number;
  qty: number;
  items: MenuSlotChoice[];
}

export type CheckoutLine = CheckoutProductLine | CheckoutMenuLine;

export interface CheckoutPayload {
  items: CheckoutLine[];
  name?: string;
  email?: string;
  phone?: string;
  areaId?: number | null;
  addressId?: number | null;
  address?: string;
  extras?: string;
  buildingCode?: string;
  zipcode?: string;
  coordinates?: { lat: number; lng: number } | null;
  deliverType: DeliverType;
  deliverAt: 'now' | 'later';
  /** The restaurant's local wall-clock time, as a datetime-local field gives it (YYYY-MM-DDTHH:mm). */
  deliverDate?: string | null;
  notes?: string;
  table?: string | null;
  /** Euros. */
  tip: number;
  terms: boolean;
  issueInvoice?: boolean;
  useProfit?: boolean;
  paymentType: string;
  takeaway?: boolean;
}

export const V = {
  required: 'validation.required',
  email: 'validation.email',
  phone: 'validation.phone',
  tooLong: 'validation.tooLong',
  number: 'validation.number',
  quantity: 'validation.quantity',
  terms: 'validation.terms',
  dateFormat: 'validation.dateFormat',
  choice: 'validation.choice',
  tip: 'validation.tip',
  items: 'validation.items',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

const id = () => yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_ID, V.number);
const idList = (max: number) => yup.array(id().required(V.number)).max(max, V.choice).default([]);

function isOptionChoices(value: unknown): value is OptionChoices {
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

const qty = (max: number) => yup.number().typeError(V.quantity).required(V.quantity).integer(V.quantity).min(1, V.quantity).max(max, V.quantity);

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

const line = yup.lazy((value: unknown) =>
  value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'menuItem'
    ? menuLine
    : productLine.shape({ type: yup.string().oneOf(['productItem'], V.items).required(V.items) }),
);

/** RFC 5321 limits: 254 in total, 64 before the @ (spec §5). */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return /^[^\s@"(),:;<>[\\\]]+@[^\s@]+\.[^\s@.]{2,}$/.test(value);
}

/** Phone numbers are kept international (+49…); a national number is read in the restaurant's country. */
export function isPhone(value: string, country: 'DE' = 'DE'): boolean {
  try {
    return isValidPhoneNumber(value, country);
  } catch {
    return false;
  }
}

const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const trimmed = (max: number) => yup.string().trim().max(max, V.tooLong).default('');

/**
 * Who is ordering decides which fields are required (validate with `{ context }`); the server
 * adds the rules that need data.
 */
export interface CheckoutContext {
  /** A guest has no account and no table session: name, e-mail and phone are required. */
  guest: boolean;
}

const forGuest = (max: number) => trimmed(max).when('$guest', { is: true, then: (s) => s.required(V.required) });

export const checkoutSchema = yup.object({
  items: yup.array(line).min(1, V.items).max(MAX_ORDER_LINES, V.items).required(V.items),
  name: forGuest(120),
  email: forGuest(254).test('email', V.email, (v) => !v || isEmail(v)),
  phone: forGuest(32).test('phone', V.phone, (v) => !v || isPhone(v)),
  deliverType: yup.string().oneOf(DELIVER_TYPES, V.required).required(V.required),
  areaId: id()
    .nullable()
    .default(null)
    .when('deliverType', { is: 'delivery', then: (s) => s.required(V.required) }),
  addressId: id().nullable().default(null),
  address: trimmed(300).when('deliverType', { is: 'delivery', then: (s) => s.required(V.required) }),
  extras: trimmed(200),
  buildingCode: trimmed(40),
  zipcode: trimmed(10),
  coordinates: yup
    .object({ lat: yup.number().min(-90).max(90).required(), lng: yup.number().min(-180).max(180).required() })
    .nullable()
    .default(null),
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
  table: yup.string().trim().max(40, V.tooLong).nullable().default(null),
  tip: yup.number().typeError(V.tip).min(0, V.tip).max(MAX_TIP, V.tip).default(0),
  terms: yup.boolean().typeError(V.terms).oneOf([true], V.terms).required(V.terms),
  issueInvoice: yup.boolean().default(false),
  useProfit: yup.boolean().default(false),
  paymentType: yup.string().trim().max(40).required(V.required),
  takeaway: yup.boolean().default(false),
});

export type CheckoutValues = yup.InferType<typeof checkoutSchema>;

/** `GET /checkout/check` query. */
export const paymentCheckQuery = yup.object({
  payment: yup.string().trim().matches(/^[a-z][a-z0-9_-]{0,39}$/, V.required).required(V.required),
  sess: yup.string().trim().matches(/^[A-Za-z0-9_-]{16,128}$/, V.required).required(V.required),
});

/** Idempotency keys are made on the device: a UUID or any 16–100 URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

export interface OrderItemOption {
  name: string;
  values: string[];
}

export interface OrderMenuSlotOut {
  slot: string;
  product: string;
  options: OrderItemOption[];
  extras: string[];
}

export interface OrderItemOut {
  type: 'productItem' | 'menuItem';
  name: string;
  qty: number;
  /** Euros, per unit. */
  unitPrice: number;
  /** Euros, the line total. */
  price: number;
  product: string | null;
  size: string | null;
  extras: string[];
  options: OrderItemOption[];
  menu: OrderMenuSlotOut[] | null;
}

export interface OrderTaxItem {
  name: string;
  amount: number;
  value: number;
  inclusive: boolean;
}

export interface OrderPayment {
  method: string;
  methodName: string;
  state: PaymentState;
  /** The amount to pay (the order total). */
  price: number;
  /** Σ lines. */
  cartTotal: number;
  discount: number;
  deliver: number;
  tax: number;
  taxItems: OrderTaxItem[];
  tip: number;
}

export interface OrderAddress {
  area: string | null;
  address: string;
  zipcode: string;
  extras: string;
}

export interface Order {
  code: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  /** Null means "send now". */
  deliverAt: string | null;
  deliverType: DeliverType;
  takeaway: boolean;
  issueInvoice: boolean;
  notes: string;
  table: { code: string; name: string } | null;
  customer: { name: string; email: string; phone: string };
  items: OrderItemOut[];
  payment: OrderPayment;
  address: OrderAddress | null;
}

export interface CheckoutResult {
  order: Order;
  /** Where the browser goes next: the provider's payment page, or the order page. */
  url: string;
  /** The private key of the order page link (`/orders/{code}?key=…`). */
  accessKey: string;
}

export interface PaymentCheck {
  state: PaymentState;
  order: { code: string; status: OrderStatus; statusText: string };
}
