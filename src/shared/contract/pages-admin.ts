/**
 * The back office's content pages (imprint, privacy, terms, about, the popup): one schema for
 * the staff editor and the server. The page text is HTML; the server cleans it when it saves.
 */
import * as yup from 'yup';
import { MAX_ID } from './params';
import { V } from './validation';

export const MAX_PAGE_NAME = 80;
/** A long privacy policy is about 40 000 characters of HTML; this leaves room and stops a flood. */
export const MAX_PAGE_TEXT = 200_000;
export const MAX_PAGES = 100;
const MAX_LANGUAGES = 20;
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

export type I18nString = Record<string, string>;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** A text per language code; every value a string of at most `max` characters. */
export const i18nString = (max: number) =>
  yup
    .mixed<I18nString>()
    .required(V.required)
    .test('i18n', V.choice, function check(value) {
      if (!isPlainRecord(value)) return this.createError({ message: V.choice });
      const entries = Object.entries(value);
      if (entries.length > MAX_LANGUAGES) return this.createError({ message: V.choice });
      for (const [code, text] of entries) {
        if (!LANGUAGE_CODE.test(code) || typeof text !== 'string') return this.createError({ message: V.choice });
        if (text.length > max) return this.createError({ path: `${this.path}.${code}`, message: V.tooLong });
      }
      return true;
    });

export const pageSaveSchema = yup
  .object({
    name: i18nString(MAX_PAGE_NAME).test('named', V.required, (v) => !isPlainRecord(v) || Object.values(v).some((x) => typeof x === 'string' && x.trim() !== '')),
    text: i18nString(MAX_PAGE_TEXT),
    isPopup: yup.boolean().strict().typeError(V.choice).default(false),
    onHeader: yup.boolean().strict().typeError(V.choice).default(false),
    onFooter: yup.boolean().strict().typeError(V.choice).default(false),
  })
  .noUnknown(true, V.choice);

export type PageSave = yup.InferType<typeof pageSaveSchema>;

export const pageOrderSchema = yup
  .object({
    ids: yup
      .array()
      .strict()
      .typeError(V.choice)
      .of(yup.number().strict().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_ID, V.number).required(V.required))
      .max(MAX_PAGES, V.tooLong)
      .required(V.required),
  })
  .noUnknown(true, V.choice);

/** A page as the editor reads it: every language's name and text. */
export interface PageAdmin {
  id: number;
  name: I18nString;
  text: I18nString;
  isPopup: boolean;
  onHeader: boolean;
  onFooter: boolean;
  sort: number;
  /** Set when the terms or privacy setting points here: such a page cannot be deleted. */
  usedAs: 'terms' | 'privacy' | null;
}
