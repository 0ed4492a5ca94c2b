/**
 * Orders as the API shows them, and the checkout's constants. Dependency-free, so the first
 * page can use them without loading the checkout's validation.
 */
import type { AvoidList } from './allergen-filter';
import type { MenuSlotChoice, OptionChoices } from './cart';

export const DELIVER_TYPES = ['delivery', 'takeaway', 'curbside', 'table'] as const;
export type DeliverType = (typeof DELIVER_TYPES)[number];

/** Menu lines stop at 6 (spec §5); product lines have no limit in the cart store, so the server caps them at a sane 99. */
export const MAX_PRODUCT_LINE_QTY = 99;
export const MAX_ORDER_LINES = 60;
export const MAX_NOTES_LENGTH = 500;
/** A curbside diner's car, as staff read it at a glance ("red VW Golf, HH-AB 123"). */
export const MAX_CAR_LENGTH = 80;
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
  'ready',
  'rejected',
  'completed',
  'payment_failed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses after which an order no longer changes on its own. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['rejected', 'completed', 'payment_failed', 'cancelled'];

export const PAYMENT_STATES = ['pending', 'due', 'paid', 'failed', 'cancelled', 'refunded'] as const;
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
  /** The diner's allergen filter, when they share it with the kitchen. */
  avoids?: AvoidList | null;
  /** Curbside only: how staff recognise the car (colour, make, plate). */
  car?: string;
  table?: string | null;
  /** Euros. */
  tip: number;
  terms: boolean;
  issueInvoice?: boolean;
  useProfit?: boolean;
  paymentType: string;
  takeaway?: boolean;
  /**
   * Euros: the total the diner was shown when pressing the order button. Never a price: when the
   * server's own total differs (the catalog changed since the cart was priced), the order is
   * refused with the new total on this field, so nobody is charged an amount they did not see.
   */
  shownTotal?: number;
}

export interface OrderItemOption {
  name: string;
  values: string[];
}

export interface OrderMenuSlotOut {
  slot: string;
  product: string;
  options: OrderItemOption[];
  extras: string[];
  codes?: string[];
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
  /** Allergen and additive codes of what was chosen, as the menu declared them when the order was placed. */
  codes: string[];
  /**
   * What was chosen, by id, for "Order again" (issue 17): the client rebuilds the line from today's
   * menu and prices, and names what no longer exists. Absent on orders kept from before it existed.
   */
  again?: CheckoutLine;
}

export interface OrderTaxItem {
  name: string;
  /** The percent. */
  amount: number;
  /** Euros the tax was computed on (its rate's share of the order); null for orders from before VAT per rate. */
  base: number | null;
  /** Euros: contained in the price (inclusive) or added on top. */
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
  /** What the diner avoids, when they shared their allergen filter with the kitchen. */
  avoids: AvoidList | null;
  table: { code: string; name: string } | null;
  customer: { name: string; email: string; phone: string };
  items: OrderItemOut[];
  payment: OrderPayment;
  address: OrderAddress | null;
  /** When the restaurant promised it (set when staff accept the order); null before. */
  promisedAt: string | null;
  /** Why the restaurant refused it, in the order's language; null unless rejected by staff. */
  rejectReason: string | null;
  /** Curbside: the car as the diner described it; '' for other orders. */
  car: string;
  /** Curbside: when the diner said "I'm here"; null before. */
  arrivedAt: string | null;
  /** When someone at the restaurant saw the arrival and went out; null before. */
  arrivalSeenAt: string | null;
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
