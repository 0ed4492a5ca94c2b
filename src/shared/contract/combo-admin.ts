/**
 * The combo menu editor's contract (issue 14): one document per menu (texts, price, discount,
 * slots and their candidates), checked by this one schema in the staff form and in the route.
 * Amounts cross the API in euros, like the catalog's; the server stores cents.
 */
import * as yup from 'yup';
import { MAX_ID, plainNumber } from './params';
import { V } from './validation';

export const MAX_COMBO_SLOTS = 10;
export const MAX_SLOT_CANDIDATES = 60;
export const MAX_COMBO_PRICE = 10_000;
export const MAX_COMBO_NAME = 120;
export const MAX_COMBO_DESCRIPTION = 1_000;
/** More languages than any restaurant offers: a body with more keys is not a form of ours. */
const MAX_LANGUAGES = 20;
const LANGUAGE_CODE = /^[a-z]{2}(-[A-Za-z]{2})?$/;

type I18nValue = Record<string, string>;

function isI18nText(value: unknown): value is I18nValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length <= MAX_LANGUAGES && entries.every(([code, text]) => LANGUAGE_CODE.test(code) && typeof text === 'string');
}

/** Translated text: language code → text, each trimmed; a wrong shape is a choice error, an over-long text a length error. */
const i18nText = (max: number) =>
  yup
    .mixed<I18nValue>()
    .transform((value: unknown) =>
      isI18nText(value) ? Object.fromEntries(Object.entries(value).map(([code, text]) => [code, text.trim()])) : value,
    )
    .test('shape', V.choice, (value) => value === undefined || isI18nText(value))
    .test('length', V.tooLong, (value) => !isI18nText(value) || Object.values(value).every((text) => text.length <= max))
    .default({});

/** Some text in some language: the storefront falls back to it where a translation is missing. */
const requiredText = (max: number) => i18nText(max).test('required', V.required, (value) => isI18nText(value) && Object.values(value).some(Boolean));

const id = () => plainNumber().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_ID, V.number);

export const comboCandidateSchema = yup.object({
  productId: id().required(V.required),
  /** The one size this slot serves of the product; its price is part of the menu price. */
  sizeId: id().required(V.required),
});

export const comboSlotSchema = yup.object({
  /** Set for a slot that exists: it is updated in place, so carts holding its id keep working. */
  id: id().nullable().default(null),
  name: requiredText(MAX_COMBO_NAME),
  candidates: yup
    .array(comboCandidateSchema)
    .min(1, V.required)
    .max(MAX_SLOT_CANDIDATES, V.choice)
    .required(V.required)
    // Hostile lists may hold nulls (each one is refused on its own path): only real candidates count.
    .test('unique', V.choice, (list) => {
      const ids = (list ?? []).map((c: { productId?: unknown } | null | undefined) => c?.productId).filter((x) => x !== undefined);
      return new Set(ids).size === ids.length;
    }),
});

export const comboMenuSchema = yup.object({
  name: requiredText(MAX_COMBO_NAME),
  description: i18nText(MAX_COMBO_DESCRIPTION),
  /** Euros, before the discount. */
  price: plainNumber().typeError(V.number).min(0, V.number).max(MAX_COMBO_PRICE, V.number).required(V.required),
  /** Whole percent off the menu price (never off options or extras), 0 to 100. */
  discount: plainNumber().typeError(V.number).integer(V.number).min(0, V.number).max(100, V.number).required(V.required),
  active: yup.boolean().typeError(V.choice).default(true),
  slots: yup
    .array(comboSlotSchema)
    .min(1, V.required)
    .max(MAX_COMBO_SLOTS, V.choice)
    .required(V.required)
    .test('unique', V.choice, (list) => {
      const ids = (list ?? []).map((s: { id?: unknown } | null | undefined) => s?.id).filter((x): x is number => typeof x === 'number');
      return new Set(ids).size === ids.length;
    }),
});

export type ComboMenuInput = yup.InferType<typeof comboMenuSchema>;

export const comboOrderSchema = yup.object({
  ids: yup.array(id().required(V.required)).max(500, V.choice).required(V.required),
});

export const comboActiveSchema = yup.object({
  active: yup.boolean().strict().typeError(V.choice).required(V.required),
});

/** A menu as the editor reads it: every language's text, prices in euros. */
export interface ComboMenuAdmin {
  id: number;
  name: I18nValue;
  description: I18nValue;
  price: number;
  discount: number;
  active: boolean;
  sort: number;
  /** Order lines name it: deleting archives it instead. */
  ordered: boolean;
  slots: { id: number; name: I18nValue; candidates: { productId: number; sizeId: number }[] }[];
}

/** A product the editor offers as a slot candidate (active ones only), in the staff member's language. */
export interface ComboProductOption {
  id: number;
  name: string;
  category: string;
  sizes: { id: number; name: string; price: number }[];
}

/** What `DELETE` did: a menu with orders is archived (kept for them), one without is gone. */
export interface ComboDeleteResult {
  outcome: 'deleted' | 'archived';
}

