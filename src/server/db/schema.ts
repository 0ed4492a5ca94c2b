import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  check,
  customType,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AvoidList } from '../../shared/contract/allergen-filter';
import { PRINTER_STATIONS } from '../../shared/contract/printers';
import type { ZonePolygon } from '../geo/zones';

/** Translated text keyed by language code; the API falls back to German, then to any language. */
export type I18nText = Record<string, string>;

export type PosterVariantName = 'circle' | 'wide' | 'square';

/** One encoded file of a variant: a format at a width, served from `/media/<hash>.<ext>` (decision 023). */
export interface StoredRendition {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  url: string;
}

/**
 * A stored image: its main URL and one URL per size-named variant (paths under the site root;
 * what seeded media and old readers know), and for uploaded photos every rendition of each
 * variant, for `srcset`.
 */
export interface StoredMedia {
  url: string;
  alt: I18nText;
  variants: Partial<Record<PosterVariantName, string>>;
  renditions?: Partial<Record<PosterVariantName, StoredRendition[]>>;
}

const i18n = (name: string) => jsonb(name).$type<I18nText>().notNull();
const media = (name: string) => jsonb(name).$type<StoredMedia | null>();

export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: smallint('sort').notNull().default(0),
});

export const translations = pgTable(
  'translations',
  {
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>(),
  poster: media('poster'),
  icon: media('icon'),
  splash: media('splash'),
  background: media('background'),
  gallery: jsonb('gallery').$type<StoredMedia[]>().notNull().default([]),
});

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  name: i18n('name'),
  text: i18n('text'),
  isPopup: boolean('is_popup').notNull().default(false),
  onHeader: boolean('on_header').notNull().default(false),
  onFooter: boolean('on_footer').notNull().default(false),
  sort: smallint('sort').notNull().default(0),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: i18n('name'),
  description: i18n('description'),
  poster: media('poster'),
  gallery: jsonb('gallery').$type<StoredMedia[]>().notNull().default([]),
  sort: smallint('sort').notNull().default(0),
  /** Hidden by staff: the category and all its products vanish from the storefront. */
  active: boolean('active').notNull().default(true),
  /** Deleted while some of its products were ordered: kept for them, gone from every list (decision 021). */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  /** Where its dishes' tickets print (decision 052). */
  station: text('station', { enum: PRINTER_STATIONS }).notNull().default('kitchen'),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  description: i18n('description'),
  poster: media('poster'),
  /** Its VAT class (decision 005): drinks carry the standard rate, food the reduced one. */
  taxId: integer('tax_id')
    .notNull()
    .references((): AnyPgColumn => taxes.id),
  sort: smallint('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Deleted while order lines refer to it: kept, but gone from the storefront, the editor and checkout (decision 021). */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

export const sizes = pgTable('sizes', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Null is the hidden 'Default Size'. */
  name: jsonb('name').$type<I18nText | null>(),
  priceCents: integer('price_cents').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** A variant hangs off a product, or off an option as that option's nested child menu. */
export const variants = pgTable('variants', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  parentOptionId: integer('parent_option_id').references((): AnyPgColumn => options.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  type: text('type', { enum: ['select', 'checkbox'] }).notNull(),
  required: boolean('required').notNull().default(false),
  sort: smallint('sort').notNull().default(0),
});

export const options = pgTable('options', {
  id: serial('id').primaryKey(),
  variantId: integer('variant_id')
    .notNull()
    .references(() => variants.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  priceCents: integer('price_cents').notNull().default(0),
  /** Null: the product's class. */
  taxId: integer('tax_id').references((): AnyPgColumn => taxes.id),
  sort: smallint('sort').notNull().default(0),
});

export const extras = pgTable('extras', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  /** Null: the product's class; a drink offered with a dish has its own. */
  taxId: integer('tax_id').references((): AnyPgColumn => taxes.id),
  sort: smallint('sort').notNull().default(0),
});

export const extraPrices = pgTable(
  'extra_prices',
  {
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.extraId, t.sizeId] })],
);

/** Allergens and additives share one shape; `kind` tells them apart. */
export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['allergen', 'additive'] }).notNull(),
    code: text('code').notNull(),
    name: i18n('name'),
    description: i18n('description'),
  },
  (t) => [uniqueIndex('declarations_kind_code').on(t.kind, t.code)],
);

export const productDeclarations = pgTable(
  'product_declarations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.declarationId] })],
);

/** What an option adds to its dish (cheese on a pizza: milk); the strict allergen filter reads it. */
export const optionDeclarations = pgTable(
  'option_declarations',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => options.id, { onDelete: 'cascade' }),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.declarationId] })],
);

/** What an extra adds to its dish. */
export const extraDeclarations = pgTable(
  'extra_declarations',
  {
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id, { onDelete: 'cascade' }),
    declarationId: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.extraId, t.declarationId] })],
);

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  name: i18n('name'),
  description: i18n('description'),
  priceCents: integer('price_cents').notNull(),
  discount: smallint('discount').notNull().default(0),
  poster: media('poster'),
  sort: smallint('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Set instead of deleting a menu that order lines name: it leaves the storefront and the editor's list, old orders keep it. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

export const menuSlots = pgTable('menu_slots', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id')
    .notNull()
    .references(() => menus.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  sort: smallint('sort').notNull().default(0),
});

export const menuSlotProducts = pgTable(
  'menu_slot_products',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => menuSlots.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.productId] })],
);

export const workingHours = pgTable('working_hours', {
  id: serial('id').primaryKey(),
  /** Monday = 0 … Sunday = 6. */
  weekday: smallint('weekday').notNull(),
  start: text('start').notNull(),
  end: text('end').notNull(),
});

/**
 * Days the restaurant stays shut whatever the weekly hours say (public holidays, company holidays).
 * `date` is the restaurant's local calendar date as `YYYY-MM-DD`, the form the opening-hours logic compares.
 */
export const closedDays = pgTable('closed_days', {
  date: text('date').primaryKey(),
  note: text('note').notNull().default(''),
});

export const taxes = pgTable('taxes', {
  id: serial('id').primaryKey(),
  name: i18n('name'),
  /** Percent in hundredths (700 = 7 %), so rates like 2.5 % stay exact. */
  basisPoints: integer('basis_points').notNull(),
  inclusive: boolean('inclusive').notNull().default(true),
});

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  zipcode: text('zipcode').notNull(),
  minimumOrderCents: integer('minimum_order_cents').notNull(),
  deliveryPriceCents: integer('delivery_price_cents').notNull(),
  freeDeliveryThresholdCents: integer('free_delivery_threshold_cents').notNull().default(0),
  /** The delivery zone (GeoJSON, lng/lat); a point inside it belongs to this area. */
  polygon: jsonb('polygon').$type<ZonePolygon | null>(),
  /** Postcodes served when a location has no coordinates or lies outside every polygon. */
  postcodes: jsonb('postcodes').$type<string[]>().notNull().default([]),
});

export const diningTables = pgTable('dining_tables', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  seats: smallint('seats').notNull(),
  active: boolean('active').notNull().default(true),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A table's QR code starts a session; its token (stored hashed) lets the diner order for that table. */
export const tableSessions = pgTable('table_sessions', {
  id: serial('id').primaryKey(),
  tableId: integer('table_id')
    .notNull()
    .references(() => diningTables.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

/**
 * A table's tab runs from its last closing (decision 055): when staff close the table, the tab
 * ends and the table's sessions with it.
 */
export const tableClosings = pgTable(
  'table_closings',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's name, for the log. */
    closedBy: text('closed_by').notNull().default(''),
  },
  (x) => [index('table_closings_table').on(x.tableId, x.closedAt)],
);

/** A diner called the waiter or asked for the bill; one open call per kind and table. */
export const tableCalls = pgTable(
  'table_calls',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['waiter', 'bill'] }).notNull(),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenBy: text('seen_by'),
  },
  (x) => [uniqueIndex('table_calls_open').on(x.tableId, x.kind).where(sql`seen_at is null`), index('table_calls_table').on(x.tableId, x.createdAt)],
);

/** The tab split evenly: it covers the lines open when it was made, in `parts` shares. */
export const tabSplits = pgTable('tab_splits', {
  id: serial('id').primaryKey(),
  tableId: integer('table_id')
    .notNull()
    .references(() => diningTables.id, { onDelete: 'cascade' }),
  parts: smallint('parts').notNull(),
  totalCents: integer('total_cents').notNull(),
  createdAt: createdAt(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

/** A payment of a tab: some lines, or one share of a split; by card (a provider) or at the table (staff). */
export const tabPayments = pgTable(
  'tab_payments',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    splitId: integer('split_id').references(() => tabSplits.id, { onDelete: 'cascade' }),
    part: smallint('part'),
    method: text('method', { enum: ['card', 'table'] }).notNull(),
    provider: text('provider'),
    session: text('session').unique(),
    state: text('state', { enum: ['pending', 'paid', 'failed', 'cancelled'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Given back to the card since: the lines of an order staff refused after they were paid. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The diner's name, or the staff member who took it. */
    payer: text('payer').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A share is paid once: a second payment of it can only start once the first failed.
  (x) => [uniqueIndex('tab_payments_share').on(x.splitId, x.part).where(sql`state in ('pending', 'paid')`), index('tab_payments_table').on(x.tableId, x.state)],
);

/**
 * Which payment or split holds a line. The line is the key: a line can be held once, so it can
 * never be paid twice. A failed payment or a cancelled split lets its lines go.
 */
export const tabClaims = pgTable('tab_claims', {
  orderLineId: integer('order_line_id')
    .primaryKey()
    .references(() => orderLines.id, { onDelete: 'cascade' }),
  tableId: integer('table_id')
    .notNull()
    .references(() => diningTables.id, { onDelete: 'cascade' }),
  paymentId: integer('payment_id').references(() => tabPayments.id, { onDelete: 'cascade' }),
  splitId: integer('split_id').references(() => tabSplits.id, { onDelete: 'cascade' }),
});

/** One tax line of an order as computed at order time. */
export interface StoredTaxItem {
  name: string;
  amount: number;
  valueCents: number;
  inclusive: boolean;
  /** What the value was computed on; absent in orders stored before VAT per rate. */
  baseCents?: number;
  taxId?: number;
}

/** Amounts are the server's own computation at order time, in cents; names are snapshots in the order's language. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** SHA-256 of the private key in the order page link. */
    accessKeyHash: text('access_key_hash').notNull(),
    status: text('status').notNull(),
    deliverType: text('deliver_type').notNull(),
    /** Null: as soon as possible. */
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    areaName: text('area_name'),
    address: text('address').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    addressExtras: text('address_extras').notNull().default(''),
    buildingCode: text('building_code').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** What the diner avoids, when they chose to tell the kitchen (the board and tickets show it). */
    avoids: jsonb('avoids').$type<AvoidList>(),
    tableId: integer('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    tableSessionId: integer('table_session_id').references(() => tableSessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    issueInvoice: boolean('issue_invoice').notNull().default(false),
    lang: text('lang').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryCents: integer('delivery_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    tipCents: integer('tip_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    taxItems: jsonb('tax_items').$type<StoredTaxItem[]>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Someone at the restaurant saw it: the board stops ringing for it. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    prepMinutes: integer('prep_minutes'),
    /** The time staff promised when accepting (preparation plus busy mode, or the diner's scheduled time). */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    /** Curbside: the car as the diner described it. */
    car: text('car').notNull().default(''),
    /** Curbside: the diner tapped "I'm here" (once; a second tap changes nothing). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** Someone at the restaurant saw the arrival: the board stops ringing for it. */
    arrivalSeenAt: timestamp('arrival_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_status_created').on(t.status, t.createdAt),
    index('orders_user_created').on(t.userId, t.createdAt),
    index('orders_table_created').on(t.tableId, t.createdAt),
  ],
);

export interface StoredOrderLineDetails {
  size: string | null;
  options: { name: string; values: string[] }[];
  extras: string[];
  menu: { slot: string; product: string; options: { name: string; values: string[] }[]; extras: string[]; codes?: string[] }[] | null;
  /** Allergen and additive codes as declared when ordered; absent in orders from before the board. */
  codes?: string[];
}

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull(),
  type: text('type', { enum: ['productItem', 'menuItem'] }).notNull(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  menuId: integer('menu_id').references(() => menus.id, { onDelete: 'set null' }),
  sizeId: integer('size_id').references(() => sizes.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  qty: integer('qty').notNull(),
  unitCents: integer('unit_cents').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** The ids the diner chose (options by variant, extras, menu slots), as sent and validated. */
  choice: jsonb('choice').notNull(),
  /** What the kitchen and the receipt read: names at order time. */
  details: jsonb('details').$type<StoredOrderLineDetails>().notNull(),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** The provider's session id; the `sess` of the payment return. */
  session: text('session').notNull().unique(),
  state: text('state').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card order's confirmation mail waits here for its payment. The key of the order page link is
 * kept in the clear only until then (the mail carries it); the row goes when the mail goes out or
 * the payment fails, and claiming it by DELETE sends the mail exactly once.
 */
export const pendingConfirmations = pgTable('pending_confirmations', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  accessKey: text('access_key').notNull(),
  createdAt: createdAt(),
});

/**
 * Order confirmation mails waiting to go out (decision 031). A row is written in the same
 * transaction as the order (placed at once) or as the claim of its held confirmation (a card order
 * once paid), so a committed order always has its mail, and a mail never exists without its order.
 * The worker claims a row by pushing `claimed_until` forward (several processes never take the same
 * row), deletes it once sent, and on failure puts `due_at` later. One row per order at most.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order page link's key, kept in the clear only until the mail carries it. */
    accessKey: text('access_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker sends it; a process that died holding it lets go when this passes. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (x) => [uniqueIndex('mail_outbox_order').on(x.orderId), index('mail_outbox_due').on(x.dueAt)],
);

/** Every status change of an order, once: the operator's history and the proof that replays change nothing. */
export const orderEvents = pgTable('order_events', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  source: text('source').notNull(),
  createdAt: createdAt(),
});

/** The first answer to each order submission, so a retried submission gets it again instead of a second order. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created').on(t.createdAt)],
);

/** The sandbox provider's own ledger: what a card provider would know about its payment sessions. */
export const sandboxPayments = pgTable('sandbox_payments', {
  session: text('session').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  state: text('state', { enum: ['open', 'approved', 'declined', 'cancelled', 'refunded'] }).notNull(),
  /** Given back in parts so far (a shared table's payment of several orders, one of them refused); the whole sets `refunded`. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered customer. `profitCents` is the loyalty balance, a money value (spec §3 "profit"). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased: one account per address however it is typed. */
    email: text('email').notNull().unique(),
    phone: text('phone').notNull().default(''),
    /** argon2id PHC string; null for an account made through social sign-in only. */
    passwordHash: text('password_hash'),
    profitCents: integer('profit_cents').notNull().default(0),
    lang: text('lang').notNull().default('de'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_profit_not_negative', sql`${t.profitCents} >= 0`)],
);

/** A sign-in through Google or Facebook, by the provider's own verified id. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text('provider').notNull(),
    socialId: text('social_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.socialId] })],
);

/** Bearer tokens: only their SHA-256 is kept, so a database leak signs nobody in. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** One-time password-reset links (hashed) and verified social identities waiting for registration. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose', { enum: ['password_reset', 'social_signup'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** For a social sign-up: the verified provider, id, e-mail and name. */
  payload: jsonb('payload'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters shared by every server instance (the same database). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    extras: text('extras').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    buildingCode: text('building_code').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One default per customer, kept by the database itself: concurrent saves cannot leave two.
  // The cap of MAX_ADDRESSES per customer is a trigger (migration 0005).
  (t) => [index('addresses_user').on(t.userId), uniqueIndex('addresses_one_default').on(t.userId).where(sql`${t.isDefault}`)],
);

/** Every change of a loyalty balance; one row per order and kind, so no order earns or refunds twice. */
export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['spent', 'earned', 'refunded'] }).notNull(),
    oldCents: integer('old_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    newCents: integer('new_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('loyalty_transactions_user').on(t.userId, t.createdAt), uniqueIndex('loyalty_transactions_order_kind').on(t.orderId, t.kind)],
);

/** Restaurant staff: not customers, never in `users`; signed in with their own hashed, revocable tokens. */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-cased. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['owner', 'manager', 'service'] }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffTokens = pgTable('staff_tokens', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Who did what and when on the restaurant's side; the owner reads it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The name at the time, so the log still reads after an account is renamed or removed. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

/**
 * Every live event, numbered: the id is the SSE `id`, so a reconnecting board or order page asks
 * for what it missed (`Last-Event-ID`). Written in the transaction of the change it reports.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: serial('id').primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_created').on(t.createdAt)],
);

/** "We are too busy": a pause stops online orders in a scope; busy mode adds minutes to every promised time. */
export const pauses = pgTable(
  'pauses',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['pause', 'busy'] }).notNull(),
    scope: text('scope', { enum: ['all', 'delivery', 'pickup', 'table'] }).notNull(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when someone resumes early. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('pauses_ends').on(t.endsAt)],
);

/** "86": a dish, an option or an extra that cannot be ordered until `endsAt` (null: until turned back on). */
export const soldOut = pgTable(
  'sold_out',
  {
    id: serial('id').primaryKey(),
    itemType: text('item_type', { enum: ['product', 'option', 'extra'] }).notNull(),
    itemId: integer('item_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sold_out_item').on(t.itemType, t.itemId)],
);

/** What diners wrote through the contact form (spec §3 Contact message); staff mark each done once answered. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's interface language, so the reply can be in it. */
    lang: text('lang').notNull(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created').on(t.createdAt)],
);

/** Table reservations (decision 016): asked for by a guest, confirmed or declined once by staff. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
    guests: smallint('guests').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull().default(''),
    /** The language the request came in: every mail to the guest is in it. */
    lang: text('lang').notNull(),
    status: text('status').$type<'requested' | 'confirmed' | 'declined'>().notNull().default('requested'),
    /** Why it was declined, when staff said; empty otherwise. */
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reservations_reserved_at').on(t.reservedAt),
    check('reservations_status', sql`${t.status} in ('requested', 'confirmed', 'declined')`),
    check('reservations_guests', sql`${t.guests} between 1 and 99`),
  ],
);

/** Raw bytes: `bytea` as a Node Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Encoded photo renditions, addressed by the hash of their bytes (decision 023): in the database,
 * so every instance sharing it serves every photo; immutable, since new bytes are a new hash.
 */
export const mediaFiles = pgTable('media_files', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/**
 * A ticket printer that pulls its jobs (Star CloudPRNT, decision 052). It is configured with a URL
 * that carries its own secret key; the server keeps only the key's hash.
 */
export const printers = pgTable('printers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  station: text('station', { enum: PRINTER_STATIONS }).notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** As the printer reports it in each poll. */
  mac: text('mac'),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  /** The printer's last status code, e.g. "200 OK" or "410 Out of paper". */
  lastStatus: text('last_status'),
  createdAt: createdAt(),
});

/** What one ticket printed (or to print) holds: the order's lines for one station, as ordered. */
export interface StoredTicketLine {
  lineId: number;
  /** For a combo's slot: its index in the line; null for the whole line. */
  slot: number | null;
  qty: number;
  name: string;
  details: string[];
  codes: string[];
}

/**
 * A kitchen ticket: queued for a station, offered to one of its printers, fetched, then confirmed.
 * Only a confirmed job counts as printed; one fetched and never confirmed is offered again as a copy.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    station: text('station', { enum: PRINTER_STATIONS }).notNull(),
    lines: jsonb('lines').$type<StoredTicketLine[]>().notNull(),
    /**
     * Printed as "COPY": a reprint staff asked for, or a job fetched under an earlier offer and
     * never confirmed (it may have printed before the printer went down).
     */
    copy: boolean('copy').notNull().default(false),
    printerId: integer('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    /** Changes with every offer; the printer's GET and DELETE name it. */
    token: text('token'),
    fetchCount: integer('fetch_count').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A printer's refusal of the job (a code not starting with 2), kept for the board. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (x) => [index('print_jobs_waiting').on(x.station, x.confirmedAt, x.id), index('print_jobs_order').on(x.orderId)],
);
