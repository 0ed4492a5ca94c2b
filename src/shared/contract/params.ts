import * as yup from 'yup';

/**
 * A string schema that trims. yup's own `.trim()` calls `.trim()` on whatever arrives, so an array
 * or an object (`?sess=a&sess=b`, `{"name": {}}`) threw a TypeError that surfaced as a 500; this
 * trims strings only and leaves anything else to the string type check, a 422.
 */
export const trimmedString = () => yup.string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

/** Trimmed and lower-cased, for e-mail addresses; like `.trim()`, yup's `.lowercase()` throws on a non-string. */
export const lowerCasedString = () => trimmedString().transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));

/** Trimmed and upper-cased, for codes read case-insensitively; never yup's `.uppercase()`, for the same reason. */
export const upperCasedString = () => trimmedString().transform((value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value));

/** PostgreSQL `integer` bounds: a larger id could never exist and must not reach the database. */
export const MAX_ID = 2_147_483_647;

const id = () =>
  yup
    .number()
    .typeError('must be a whole number')
    .integer('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_ID, 'is too large')
    .required('is required');

export const idParams = yup.object({ id: id() });
export const categoryProductParams = yup.object({ categoryId: id(), productId: id() });
export const categoryParams = idParams;

export const languageQuery = yup.object({
  lang: trimmedString()
    .matches(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'must be a language code such as de or en')
    .required('is required'),
});

/** An order code as printed on the receipt (8 letters and digits), read case-insensitively. */
export const orderCodeParams = yup.object({ code: upperCasedString().matches(/^[A-Z0-9]{4,16}$/).required() });

/**
 * A number as JSON sends it: a JSON number, or a plain decimal in a string. yup's own casting
 * would also take "0x10" (16), "1e2" (100) and [2] (2); those are type errors here.
 */
export const plainNumber = () =>
  yup.number().transform((_value: unknown, original: unknown) => {
    if (original === null || original === undefined) return original;
    if (typeof original === 'number') return original;
    return typeof original === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(original) ? Number(original) : Number.NaN;
  });
