import type { PrinterStation } from '../../../shared/contract/printers';
import type { ZonePolygon } from '../../geo/zones';
/** The demo restaurant as plain data; `seed.ts` turns it into rows. Money is integer cents. */

export interface I18n {
  de: string;
  en: string;
}

/** A file under `public/media/`, e.g. 'products/margherita.svg'. */
export type MediaFile = string;

export interface SeedDeclaration {
  code: string;
  name: I18n;
  description: I18n;
}

/** The demo's VAT classes: food at the reduced rate, drinks at the standard rate. */
export type SeedTaxClass = 'food' | 'drinks';

export interface SeedOption {
  name: I18n;
  price: number;
  /** Unset: the product's class. */
  tax?: SeedTaxClass;
  /** The nested child menu shown when this option is chosen. */
  children?: SeedVariant[];
  /** Codes this option adds to the dish. */
  allergens?: string[];
  additives?: string[];
}

export interface SeedVariant {
  name: I18n;
  type: 'select' | 'checkbox';
  required: boolean;
  options: SeedOption[];
}

export interface SeedExtra {
  name: I18n;
  /** One price per size, in the order of the product's sizes. */
  prices: number[];
  /** Unset: the product's class (a drink offered with a dish sets 'drinks'). */
  tax?: SeedTaxClass;
  /** Codes this extra adds to the dish. */
  allergens?: string[];
  additives?: string[];
}

export interface SeedProduct {
  /** Unique slug, referenced by menu slots. */
  key: string;
  name: I18n;
  description: I18n;
  image?: MediaFile;
  /** `name: null` is the single 'Default Size' that the storefront hides. */
  sizes: { name: I18n | null; price: number }[];
  variants?: SeedVariant[];
  extras?: SeedExtra[];
  additives?: string[];
  allergens?: string[];
}

export interface SeedCategory {
  key: string;
  name: I18n;
  description: I18n;
  image?: MediaFile;
  gallery?: MediaFile[];
  /** The VAT class of every product in the category. */
  tax: SeedTaxClass;
  /** Where its tickets print; the kitchen unless said. */
  station?: PrinterStation;
  products: SeedProduct[];
}

export interface SeedMenu {
  key: string;
  name: I18n;
  description: I18n;
  image?: MediaFile;
  price: number;
  discount: number;
  slots: { name: I18n; candidates: { product: string; sizeIndex?: number }[] }[];
}

export interface SeedPage {
  name: I18n;
  /** Trusted HTML written by the operator. */
  text: I18n;
  isPopup: boolean;
  onHeader: boolean;
  onFooter: boolean;
  /** Which setting holds this page's id, if any. */
  settingKey?: 'TERMS_AND_CONDITIONS' | 'PRIVACY_POLICY';
}

export interface SeedSetting {
  key: string;
  value: unknown;
  poster?: MediaFile;
  icon?: MediaFile;
  splash?: MediaFile;
  background?: MediaFile;
}

export interface SeedRestaurant {
  languages: { code: string; name: string }[];
  allergens: SeedDeclaration[];
  additives: SeedDeclaration[];
  categories: SeedCategory[];
  menus: SeedMenu[];
  settings: SeedSetting[];
  pages: SeedPage[];
  /** Monday = 0 … Sunday = 6, 'HH:MM' in the restaurant's time zone; an end before the start runs past midnight. */
  workingHours: { weekday: number; start: string; end: string }[];
  taxes: { key: SeedTaxClass; name: I18n; amount: number; inclusive: boolean }[];
  areas: {
    name: string;
    zipcode: string;
    minimumOrder: number;
    deliveryPrice: number;
    freeDeliveryThreshold: number;
    /** The delivery zone; without one the area is matched by postcode only. */
    polygon?: ZonePolygon;
    postcodes?: string[];
  }[];
  tables: { code: string; name: string; seats: number }[];
  /** Server-provided UI translations keyed by the original English wording (GET /translations). */
  translations: Record<string, Record<string, string>>;
}
