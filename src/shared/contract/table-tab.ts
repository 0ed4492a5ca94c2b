/**
 * The shared table (issue 17 part 1, decision 055): the table's tab every phone at it sees, the
 * waiter and bill calls, and paying the tab by lines or in even shares. Amounts are the API's
 * two-decimal numbers, as everywhere.
 */
import * as yup from 'yup';
import type { OrderStatus } from './order';
import { trimmedString } from './params';
import { V } from './validation';

export const TABLE_CALL_KINDS = ['waiter', 'bill'] as const;
export type TableCallKind = (typeof TABLE_CALL_KINDS)[number];

/** Shares of an even split: two at least, and no table seats more guests than this. */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 20;
/** More lines than any table orders in an evening; a longer list is not a diner's. */
export const MAX_PAY_LINES = 200;

/**
 * `paid`: by card, at checkout or in the tab, or at the table through staff; `pending`: a card
 * payment is under way; `split`: part of an even split that is not fully paid yet; `open`: owed.
 */
export type TabLineState = 'open' | 'pending' | 'split' | 'paid';

export interface TabLine {
  id: number;
  name: string;
  qty: number;
  /** This line's share of its order's total (taxes and tip included). */
  due: number;
  state: TabLineState;
}

export interface TabOrder {
  code: string;
  /** Who ordered, if they gave a name. */
  name: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  total: number;
  lines: TabLine[];
}

export interface TabSplit {
  id: number;
  parts: number;
  total: number;
  /** One per part, in order. */
  shares: { part: number; amount: number; state: 'open' | 'pending' | 'paid' }[];
}

export interface TableCall {
  kind: TableCallKind;
  createdAt: string;
  /** When staff acknowledged it; null while it waits. */
  seenAt: string | null;
}

export interface TableTab {
  table: { code: string; name: string; seats: number };
  orders: TabOrder[];
  total: number;
  paid: number;
  /** Being paid right now (card payments under way). */
  pending: number;
  /** Still owed: neither paid nor under way. */
  open: number;
  split: TabSplit | null;
  /** The latest call of each kind since the tab began. */
  calls: TableCall[];
  /** Providers a diner can pay the tab with on the phone (card providers); empty: pay at the table. */
  payWith: { id: string; name: string }[];
}

/** The staff's view of a table: its tab and the table's id. */
export interface StaffTable {
  id: number;
  tab: TableTab;
  /** Open calls and the tab's age tell staff where to go first. */
  since: string | null;
}

export const tableCallSchema = yup.object({
  kind: yup.string().oneOf(TABLE_CALL_KINDS, V.choice).required(V.required),
});

const payer = () => trimmedString().typeError(V.tooLong).max(80, V.tooLong).default('');

/** Pay some lines of the tab, or one share of its even split, with a card provider. */
export const tabPaySchema = yup.object({
  paymentType: trimmedString().typeError(V.required).max(40, V.tooLong).required(V.required),
  lines: yup
    .array(yup.number().typeError(V.choice).integer(V.choice).min(1, V.choice).max(2_147_483_647, V.choice).required(V.choice))
    .typeError(V.choice)
    .max(MAX_PAY_LINES, V.tooMany)
    .optional(),
  share: yup.boolean().typeError(V.choice).optional(),
  name: payer(),
});
export type TabPayInput = yup.InferType<typeof tabPaySchema>;

export const tabSplitSchema = yup.object({
  parts: yup.number().typeError(V.number).integer(V.number).min(MIN_SPLIT_PARTS, V.number).max(MAX_SPLIT_PARTS, V.number).required(V.required),
});

/** Staff take what is open at the table (cash or their own card terminal): some lines, or everything. */
export const tabSettleSchema = yup.object({
  lines: yup
    .array(yup.number().typeError(V.choice).integer(V.choice).min(1, V.choice).max(2_147_483_647, V.choice).required(V.choice))
    .typeError(V.choice)
    .max(MAX_PAY_LINES, V.tooMany)
    .optional(),
});

export const tableCloseSchema = yup.object({
  /** Close although something is still owed (the guests left, or it was settled outside the app). */
  force: yup.boolean().typeError(V.choice).default(false),
});

export interface TabPaymentStarted {
  /** Where the phone goes next: the provider's page. */
  url: string;
  session: string;
}

export interface TabPaymentCheck {
  state: 'pending' | 'paid' | 'failed' | 'cancelled';
  tab: TableTab;
}
