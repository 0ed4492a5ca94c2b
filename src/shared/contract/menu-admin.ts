/**
 * The menu editor of the back office (issue 14, decision 021): categories and whole products as
 * one document each. The same schemas check the editor's form and the server's body. Prices are
 * euros with at most two decimals, as everywhere in the API; the server stores cents.
 */
import { PRINTER_STATIONS, type PrinterStation } from './printers';
import * as yup from 'yup';
import { MAX_ID, plainNumber } from './params';
import { V } from './validation';

/** Translated text keyed by language code; the default language (German) falls back for the others. */
export type I18nText = Record<string, string>;

/** The language every translated field must have: the storefront falls back to it. */
export const MENU_DEFAULT_LANGUAGE = 'de';

export const MENU_LIMITS = {
  name: 120,
  description: 2000,
  languages: 20,
  sizes: 20,
  variants: 30,
  options: 60,
  children: 5,
  extras: 100,
  declarations: 60,
  reorder: 1000,
  /** The most a size, an option or an extra may cost, in euros. */
  price: 10_000,
} as const;

export type VariantType = 'select' | 'checkbox';

export interface SizeDoc {
  id?: number;
  name: I18nText;
  price: number;
}

export interface OptionDoc {
  id?: number;
  name: I18nText;
  price: number;
  /** Null: the product's VAT class. */
  taxId: number | null;
  /** Nested child menus: variants shown once this option is chosen. */
  children: VariantDoc[];
  /** Allergens and additives this option adds to the dish. */
  declarationIds: number[];
}

export interface VariantDoc {
  id?: number;
  name: I18nText;
  type: VariantType;
  required: boolean;
  options: OptionDoc[];
}

export interface ExtraDoc {
  id?: number;
  name: I18nText;
  taxId: number | null;
  /** One price per size, in the order of the product's sizes (new sizes have no id yet). */
  prices: number[];
  /** Allergens and additives this extra adds to the dish. */
  declarationIds: number[];
}

/** A whole product as the editor saves it: ids keep rows (carts and combo slots point at them); rows without one are new. */
export interface ProductDoc {
  categoryId: number;
  name: I18nText;
  description: I18nText;
  taxId: number;
  active: boolean;
  sizes: SizeDoc[];
  variants: VariantDoc[];
  extras: ExtraDoc[];
  declarationIds: number[];
}

export interface CategoryDoc {
  name: I18nText;
  description: I18nText;
  active: boolean;
  /** Where its dishes' tickets print (decision 052). */
  station: PrinterStation;
}

/** The editor's left list: every category and product staff may edit (archived ones are gone). */
export interface MenuOverviewProduct {
  id: number;
  name: I18nText;
  active: boolean;
  /** Some order refers to it: deleting archives it instead. */
  ordered: boolean;
  /** The default size's price, in euros. */
  price: number | null;
}

export interface MenuOverviewCategory extends CategoryDoc {
  id: number;
  products: MenuOverviewProduct[];
}

export interface MenuTax {
  id: number;
  name: string;
  percent: number;
}

export interface MenuDeclaration {
  id: number;
  kind: 'allergen' | 'additive';
  code: string;
  name: string;
}

export interface MenuOverview {
  categories: MenuOverviewCategory[];
  taxes: MenuTax[];
  declarations: MenuDeclaration[];
}

/** What a deletion did: deleted outright, or archived because orders refer to it. */
export interface DeleteOutcome {
  deleted: number;
  archived: number;
}

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

const isTextMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A translated text: a map of language codes to strings, trimmed. `required` asks for the
 * default language, which the storefront shows when a translation is missing.
 */
export const i18nText = (max: number, required = false) =>
  yup
    .mixed<I18nText>()
    .transform((value: unknown) =>
      isTextMap(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) : value,
    )
    .default(() => ({}))
    .test('shape', V.choice, (value: unknown) => {
      if (value === undefined) return true;
      if (!isTextMap(value)) return false;
      const entries = Object.entries(value);
      return entries.length <= MENU_LIMITS.languages && entries.every(([k, v]) => LANGUAGE_CODE.test(k) && typeof v === 'string');
    })
    .test('length', V.tooLong, (value: unknown) => !isTextMap(value) || Object.values(value).every((v) => typeof v !== 'string' || v.length <= max))
    .test('default', V.required, (value: unknown) => {
      if (!required) return true;
      const text = isTextMap(value) ? value[MENU_DEFAULT_LANGUAGE] : undefined;
      return typeof text === 'string' && text.trim() !== '';
    });

const rowId = () => plainNumber().typeError(V.choice).integer(V.choice).min(1, V.choice).max(MAX_ID, V.choice);

/** Euros, at most two decimals, from 0 to the limit. */
export const euroPrice = () =>
  plainNumber()
    .typeError(V.price)
    .min(0, V.price)
    .max(MENU_LIMITS.price, V.price)
    .test('cents', V.price, (value) => value === undefined || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6)
    .required(V.price);

const taxRef = () => rowId().nullable().default(null);

const sizeSchema = yup.object({
  id: rowId().optional(),
  name: i18nText(MENU_LIMITS.name),
  price: euroPrice(),
});

const declarationIds = () => yup.array().of(rowId().required(V.choice)).max(MENU_LIMITS.declarations, V.tooMany).default([]).required();

// The option and variant schemas refer to each other: a child menu hangs off an option.
const optionSchema: yup.ObjectSchema<OptionDoc> = yup.object({
  id: rowId().optional(),
  name: i18nText(MENU_LIMITS.name, true).required(V.required),
  price: euroPrice(),
  taxId: taxRef(),
  children: yup
    .array()
    .of(yup.lazy(() => variantSchema.default(undefined)))
    .max(MENU_LIMITS.children, V.tooMany)
    .default([])
    .required(),
  declarationIds: declarationIds(),
}) as yup.ObjectSchema<OptionDoc>;

const variantSchema: yup.ObjectSchema<VariantDoc> = yup.object({
  id: rowId().optional(),
  name: i18nText(MENU_LIMITS.name, true).required(V.required),
  type: yup.string<VariantType>().oneOf(['select', 'checkbox'], V.choice).required(V.choice),
  required: yup.boolean().typeError(V.choice).default(false).required(),
  options: yup.array().of(optionSchema).min(1, V.options).max(MENU_LIMITS.options, V.tooMany).required(V.options),
}) as yup.ObjectSchema<VariantDoc>;

const extraSchema = yup.object({
  id: rowId().optional(),
  name: i18nText(MENU_LIMITS.name, true).required(V.required),
  taxId: taxRef(),
  prices: yup.array().of(euroPrice()).max(MENU_LIMITS.sizes, V.tooMany).required(V.price),
  declarationIds: declarationIds(),
});

export const productDocSchema = yup
  .object({
    categoryId: rowId().required(V.choice),
    name: i18nText(MENU_LIMITS.name, true).required(V.required),
    description: i18nText(MENU_LIMITS.description),
    taxId: rowId().required(V.choice),
    active: yup.boolean().typeError(V.choice).default(true).required(),
    sizes: yup.array().of(sizeSchema).min(1, V.price).max(MENU_LIMITS.sizes, V.tooMany).required(V.price),
    variants: yup.array().of(variantSchema).max(MENU_LIMITS.variants, V.tooMany).default([]).required(),
    extras: yup.array().of(extraSchema).max(MENU_LIMITS.extras, V.tooMany).default([]).required(),
    declarationIds: declarationIds(),
  })
  .test('per-size', V.required, function perSize(value) {
    if (!value || !Array.isArray(value.sizes) || !Array.isArray(value.extras)) return true;
    // Several sizes need names to choose between; a lone size stays unnamed on the storefront.
    if (value.sizes.length > 1) {
      const unnamed = value.sizes.findIndex((s) => !s?.name?.[MENU_DEFAULT_LANGUAGE]?.trim());
      if (unnamed >= 0) return this.createError({ path: `sizes[${unnamed}].name`, message: V.required });
    }
    const misfit = value.extras.findIndex((e) => Array.isArray(e?.prices) && e.prices.length !== value.sizes.length);
    if (misfit >= 0) return this.createError({ path: `extras[${misfit}].prices`, message: V.price });
    return true;
  }) as unknown as yup.ObjectSchema<ProductDoc>;

export const categoryDocSchema = yup.object({
  name: i18nText(MENU_LIMITS.name, true).required(V.required),
  description: i18nText(MENU_LIMITS.description),
  active: yup.boolean().typeError(V.choice).default(true).required(),
  // Optional, so an editor or tool that never heard of printing keeps the kitchen.
  station: yup.string().typeError(V.choice).oneOf(PRINTER_STATIONS, V.choice).default('kitchen'),
});

/** A new order of rows: every id of the list, once, in the order staff chose. */
export const reorderSchema = yup.object({
  ids: yup
    .array()
    .of(rowId().required(V.choice))
    .min(1, V.choice)
    .max(MENU_LIMITS.reorder, V.tooMany)
    .test('unique', V.choice, (ids) => !ids || new Set(ids).size === ids.length)
    .required(V.choice),
});
