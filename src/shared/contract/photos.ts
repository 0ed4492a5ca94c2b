/**
 * Photos of the menu (issue 14, decision 023): which records carry one, the upload's limits, the
 * alt-text schema the photo field and the server share, and the staff screen's list shape.
 */
import * as yup from 'yup';
import type { Media } from './catalog';
import { V } from './validation';

export const PHOTO_TARGETS = ['product', 'category', 'menu'] as const;
export type PhotoTarget = (typeof PHOTO_TARGETS)[number];

/** A phone's full-size photo is 3-15 MB; above this it is not a photo of a dish. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** 60 megapixels: every phone camera's full resolution (48 MP), never a decompression bomb. */
export const MAX_PHOTO_PIXELS = 60_000_000;
export const MAX_ALT_LENGTH = 300;

export const photoParamsSchema = yup.object({
  target: yup.string().oneOf(PHOTO_TARGETS, V.choice).required(V.required),
  id: yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(2_147_483_647, V.number).required(V.required),
});

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/** Alt text per language: `{ de: '…', en: '…' }`, short, plain strings. */
export const altTextSchema = yup
  .mixed<Record<string, string>>()
  .test('alt', V.tooLong, (value) => {
    if (value === undefined) return true;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const entries = Object.entries(value);
    return entries.length <= 20 && entries.every(([lang, text]) => LANGUAGE_CODE.test(lang) && typeof text === 'string' && text.length <= MAX_ALT_LENGTH);
  })
  .required(V.required);

export const photoAltSchema = yup.object({ alt: altTextSchema }).noUnknown().strict();
export type PhotoAltBody = { alt: Record<string, string> };

/** One record of the Photos screen: what it is, and its photo as the diner's catalog shows it. */
export interface PhotoOwner {
  target: PhotoTarget;
  id: number;
  name: string;
  /** The category a product is in; empty for categories and menus. */
  group: string;
  poster: Media | null;
  /** The alt text in every language, for the editor (`poster.alt` is one language's). */
  alt: Record<string, string>;
}
