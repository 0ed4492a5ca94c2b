/**
 * The restaurant's side (staff): roles and what each may do, the board's order shape, pause,
 * busy mode and sold-out records, and the schemas both the staff screens and the server use.
 */
import * as yup from 'yup';
import type { DeliverType, Order } from './order';
import { trimmedString } from './params';
import { emailAddress } from './email';
import { newPassword } from './password';
import { V } from './validation';

export const STAFF_ROLES = ['owner', 'manager', 'service'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a role may do. Owners do everything; managers run service (pause, busy mode, preparation
 * times); service staff, in the kitchen or on the floor, work the board and mark dishes sold out.
 */
export const STAFF_PERMISSIONS = {
  board: ['owner', 'manager', 'service'],
  availability: ['owner', 'manager', 'service'],
  tables: ['owner', 'manager', 'service'],
  pause: ['owner', 'manager'],
  team: ['owner'],
  audit: ['owner'],
  /** Contact messages: everyone reads them (a caller asks whether theirs arrived); who answered marks them done (decision 015). */
  messages: ['owner', 'manager', 'service'],
  messagesDone: ['owner', 'manager'],
  /** Reservations: everyone sees the day's tables; who runs the floor confirms or declines (decision 016). */
  reservations: ['owner', 'manager', 'service'],
  reservationsDecide: ['owner', 'manager'],
  /** The back office (issue 14): menu, photos, hours, pages, settings, areas and tables. Service staff only read it. */
  edit: ['owner', 'manager'],
  /** Reading the back office: everyone, so the floor can check a price or an allergen. */
  editRead: ['owner', 'manager', 'service'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Preparation times offered as one tap when accepting; any whole minute up to the maximum is allowed. */
export const PREP_PRESETS = [10, 20, 30, 45] as const;
export const MAX_PREP_MINUTES = 240;
/** What the operator API promises when it accepts without saying how long. */
export const DEFAULT_PREP_MINUTES = 20;

export const REJECT_REASONS = ['busy', 'sold_out', 'closing', 'address', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const MAX_REJECT_NOTE = 200;

/** A pause stops online orders for one channel or all of them. */
export const PAUSE_SCOPES = ['all', 'delivery', 'pickup', 'table'] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** Minutes busy mode adds to every promised time. */
export const BUSY_MINUTES = [10, 20, 30] as const;
export const MAX_BUSY_MINUTES = 120;

export function pauseScopeOf(deliverType: DeliverType): Exclude<PauseScope, 'all'> {
  if (deliverType === 'delivery') return 'delivery';
  if (deliverType === 'table') return 'table';
  return 'pickup';
}

export const SOLD_OUT_ITEMS = ['product', 'option', 'extra'] as const;
export type SoldOutItem = (typeof SOLD_OUT_ITEMS)[number];

/** How long a switch holds: until the end of the service day, or until someone turns it back. */
export const HOLD_UNTIL = ['end_of_day', 'manual'] as const;
export type HoldUntil = (typeof HOLD_UNTIL)[number];

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
}

export interface StaffSession {
  token: string;
  staff: StaffMember;
}

/** An order as the board shows it: the diner's order plus what the kitchen tracks. */
export interface BoardOrder extends Order {
  /** Set when someone at the restaurant has seen it; until then the board rings. */
  acknowledgedAt: string | null;
  prepMinutes: number | null;
  updatedAt: string;
}

export interface PauseInfo {
  id: number;
  scope: PauseScope;
  endsAt: string;
}

export interface BusyInfo {
  id: number;
  minutes: number;
  endsAt: string;
}

export interface SoldOutInfo {
  item: SoldOutItem;
  id: number;
  /** Null: until someone turns it back on. */
  endsAt: string | null;
}

/** `GET /availability`: what diners cannot order right now (never cached: it changes during service). */
export interface Availability {
  pauses: PauseInfo[];
  busy: BusyInfo | null;
  soldOut: SoldOutInfo[];
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
}

/**
 * The history's filter: each kind is the action names' prefixes (`page.create` is a page change).
 * The editors of issue 14 name their actions `<area>.<verb>`; a new area adds its prefix here.
 */
export const AUDIT_KINDS = {
  menu: ['category.', 'product.', 'menu.', 'combo.', 'photo.', 'media.', 'option.', 'extra.', 'allergen.'],
  settings: ['settings.', 'setting.', 'area.', 'language.', 'tax.'],
  hours: ['hours.'],
  pages: ['page.'],
  tables: ['table.'],
  team: ['staff.'],
  service: ['order.', 'pause.', 'busy.', 'soldout.', 'contact.', 'reservation.'],
} as const satisfies Record<string, readonly string[]>;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];

export interface LiveOrderEvent {
  type: 'order';
  code: string;
  status: string;
  /** The table's id for an order placed at a table: that table's phones follow their tab by it. */
  table?: number;
}

/** A table's tab, calls or payments changed (no content: who may see it reads the tab again). */
export interface LiveTableEvent {
  type: 'table';
  table: number;
}

/** `contact`: a new contact message arrived (no content: the screen reads the list through its own call). */
/** `reservation`: one was asked for, confirmed or declined (no content either). */
export type LiveEventData = LiveOrderEvent | LiveTableEvent | { type: 'availability' } | { type: 'pause' } | { type: 'contact' } | { type: 'reservation' };

/** 191: the staff table's column. */
const email = () => emailAddress(191).required(V.required);
const name = () => trimmedString().typeError(V.required).max(80, V.tooLong).required(V.required);
const password = () => newPassword(200);

export const staffLoginSchema = yup.object({
  email: email(),
  password: yup.string().typeError(V.required).max(200, V.tooLong).required(V.required),
});

export const staffCreateSchema = yup.object({
  name: name(),
  email: email(),
  role: yup.string().oneOf(STAFF_ROLES, V.choice).required(V.required),
  password: password().required(V.required),
});

export const staffUpdateSchema = yup.object({
  name: name().optional(),
  role: yup.string().oneOf(STAFF_ROLES, V.choice).optional(),
  active: yup.boolean().typeError(V.choice).optional(),
  password: password().optional(),
});

export const acceptSchema = yup.object({
  minutes: yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_PREP_MINUTES, V.number).required(V.required),
});

export const rejectSchema = yup.object({
  reason: yup.string().oneOf(REJECT_REASONS, V.choice).required(V.required),
  note: trimmedString()
    .typeError(V.tooLong)
    .max(MAX_REJECT_NOTE, V.tooLong)
    .default('')
    .when('reason', { is: 'other', then: (s) => s.required(V.required) }),
});

export const pauseSchema = yup.object({
  scope: yup.string().oneOf(PAUSE_SCOPES, V.choice).required(V.required),
  minutes: yup.number().typeError(V.number).oneOf([...PAUSE_MINUTES], V.choice).optional(),
  until: yup.string().oneOf(['end_of_day'], V.choice).optional(),
});

export const busySchema = yup.object({
  minutes: yup.number().typeError(V.number).integer(V.number).min(5, V.number).max(MAX_BUSY_MINUTES, V.number).required(V.required),
});

export const soldOutSchema = yup.object({
  item: yup.string().oneOf(SOLD_OUT_ITEMS, V.choice).required(V.required),
  id: yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(2_147_483_647, V.number).required(V.required),
  until: yup.string().oneOf(HOLD_UNTIL, V.choice).required(V.required),
});
