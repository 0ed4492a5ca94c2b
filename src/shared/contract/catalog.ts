/**
 * Catalog resources as the API serves them (spec §3, §7). Amounts are the spec's numbers
 * (euros with two decimals); `shared/pricing` turns them into integer cents before any arithmetic.
 */

export const PLACEHOLDER_IMAGE = '/assets/img/misc/no-image.jpg';

export type PosterVariant = 'circle' | 'wide' | 'square';

/** One encoded file of a variant, for `srcset` (decision 023). */
export interface Rendition {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  url: string;
}

export interface Media {
  id: string;
  url: string;
  alt: string;
  /** Size-named renditions; a missing one falls back to `url`. */
  variants: Partial<Record<PosterVariant, string>>;
  /** An uploaded photo's files per variant (every width in AVIF and WebP); absent for seeded pictures. */
  renditions?: Partial<Record<PosterVariant, Rendition[]>>;
}

export interface Setting {
  key: string;
  value: unknown;
  poster?: Media | null;
  icon?: Media | null;
  splash?: Media | null;
  background?: Media | null;
  gallery?: Media[];
  slider?: Media[];
}

export interface Page {
  id: number;
  name: string;
  text: string;
  isPopup: boolean;
  onHeader: boolean;
  onFooter: boolean;
}

export interface Language {
  code: string;
  name: string;
}

export type Translations = Record<string, string>;

export interface Category {
  id: number;
  name: string;
  description: string;
  poster: Media | null;
  hasPoster: boolean;
  gallery: Media[];
  productCount: number;
}

export interface Size {
  id: number;
  name: string;
  price: number;
}

export type VariantType = 'select' | 'checkbox';

export interface Option {
  id: number;
  name: string;
  price: number;
  /** The option's own tax class (a `Tax` id); null: the product's. */
  taxId: number | null;
  hasChild: boolean;
  /** The nested child menu: variants that apply only when this option is chosen. */
  children: Variant[];
  /** Codes of the allergens and additives this option adds to the dish (the product's own are on the product). */
  allergens: string[];
  additives: string[];
}

export interface Variant {
  id: number;
  name: string;
  type: VariantType;
  required: boolean;
  options: Option[];
}

export interface ExtraPrice {
  sizeId: number;
  price: number;
}

export interface Extra {
  id: number;
  name: string;
  prices: ExtraPrice[];
  /** The extra's own tax class (a drink added to a dish takes the drink rate); null: the product's. */
  taxId: number | null;
  /** Codes of the allergens and additives this extra adds. */
  allergens: string[];
  additives: string[];
}

export interface Declaration {
  id: number;
  code: string;
  name: string;
  description: string;
}

/** `GET /declarations`: what the restaurant can declare, for the allergen filter. */
export interface Declarations {
  allergens: Declaration[];
  additives: Declaration[];
}

export interface Product {
  id: number;
  name: string;
  description: string;
  category: { id: number; name: string };
  /** The product's tax class: the id of the `Tax` (VAT rate) its price carries. */
  taxId: number;
  poster: Media | null;
  hasPoster: boolean;
  sizes: Size[];
  variants: Variant[];
  extras: Extra[];
  additives: Declaration[];
  allergens: Declaration[];
}

export interface MenuSlot {
  id: number;
  name: string;
  /** Candidates, each already narrowed to the one size this slot serves. */
  products: Product[];
}

export interface Menu {
  id: number;
  name: string;
  description: string;
  price: number;
  /** Percent, 0 to 100. */
  discount: number;
  poster: Media | null;
  hasPoster: boolean;
  items: MenuSlot[];
}

export interface TimeRange {
  start: string;
  end: string;
}

/** Monday first, as the contact page lists them. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type WorkingHours = Record<Weekday, TimeRange[]>;

export interface WorkingHoursMeta {
  isOpenNow: boolean;
  /** ISO date-time of the next opening, or null when never open. */
  nextOpen: string | null;
  /**
   * The next opening worded in the language the answer was asked in (a page's own language): a
   * first page shows it without building a date formatter, a long task on a slow phone (decision 044).
   */
  nextOpenText?: { lang: string; text: string };
  isActive: boolean;
}

/** A tax class: products, options and extras point at one by `taxId`; each applies to its own lines only (decision 005). */
export interface Tax {
  id: number;
  name: string;
  /** Percent. */
  amount: number;
  /** Included in menu prices (German VAT); only exclusive taxes are added on top (spec §9). */
  inclusive: boolean;
}

export interface Area {
  id: number;
  name: string;
  zipcode: string;
  minimumOrder: number;
  deliveryPrice: number;
  freeDeliveryThreshold: number;
}

/** One branch of the restaurant: its own deployment (server and database) at its own origin. */
export interface Branch {
  name: string;
  /** The branch's origin (`https://eppendorf.example.com`), where its API answers under /api. */
  url: string;
}

/** Who answers GET /branches: the hub's origin, and this host's own origin when it is a branch (null on the hub). */
export interface BranchesMeta {
  hub: string | null;
  self: string | null;
}

export interface DataEnvelope<T> {
  data: T;
}

export interface MetaEnvelope<T, M> {
  data: T;
  meta: M;
}

export interface CategoryProductsMeta {
  category: { data: Category };
}

/**
 * A fingerprint of the whole menu in one language (categories, their products, menus): it changes
 * whenever any of them does, so a device saves the menu for offline use once per version.
 */
export interface CatalogVersion {
  version: string;
}

export const DEFAULT_SIZE_NAME = 'Default Size';

/** Picks a poster rendition by size name, falling back to the original and then the placeholder (spec §3). */
export function posterUrl(owner: { poster: Media | null } | null | undefined, variant: PosterVariant): string {
  const poster = owner?.poster;
  if (!poster) return PLACEHOLDER_IMAGE;
  return poster.variants[variant] ?? poster.url;
}
