import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Translated text keyed by language code; the API falls back to German, then to any language. */
export type I18nText = Record<string, string>;

/** A stored image: the original and its size-named renditions (paths under the site root). */
export interface StoredMedia {
  url: string;
  alt: I18nText;
  variants: Partial<Record<'circle' | 'wide' | 'square', string>>;
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
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'cascade' }),
  name: i18n('name'),
  description: i18n('description'),
  poster: media('poster'),
  sort: smallint('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
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
  sort: smallint('sort').notNull().default(0),
});

export const extras = pgTable('extras', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  name: i18n('name'),
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

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  name: i18n('name'),
  description: i18n('description'),
  priceCents: integer('price_cents').notNull(),
  discount: smallint('discount').notNull().default(0),
  poster: media('poster'),
  sort: smallint('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
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
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
});

export const diningTables = pgTable('dining_tables', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  seats: smallint('seats').notNull(),
  active: boolean('active').notNull().default(true),
});
