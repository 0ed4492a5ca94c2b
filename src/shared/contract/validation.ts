/**
 * Validation message keys and the field tests every form shares. Messages are keys: the server
 * answers them in the request's language, the client shows them through Lingui.
 */

export const V = {
  required: 'validation.required',
  email: 'validation.email',
  phone: 'validation.phone',
  tooLong: 'validation.tooLong',
  number: 'validation.number',
  quantity: 'validation.quantity',
  terms: 'validation.terms',
  dateFormat: 'validation.dateFormat',
  choice: 'validation.choice',
  tip: 'validation.tip',
  items: 'validation.items',
  passwordShort: 'validation.passwordShort',
  passwordMatch: 'validation.passwordMatch',
  passwordTrivial: 'validation.passwordTrivial',
  passwordIsEmail: 'validation.passwordIsEmail',
  passwordCommon: 'validation.passwordCommon',
  currentPassword: 'validation.currentPassword',
  price: 'validation.price',
  options: 'validation.options',
  tooMany: 'validation.tooMany',
  time: 'validation.time',
  overlap: 'validation.overlap',
  date: 'validation.date',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

let phoneLibrary: Promise<typeof import('libphonenumber-js')> | null = null;

/**
 * Phone numbers are kept international (+49…); a national number is read in the restaurant's
 * country. The numbering plan loads on first use: it costs the server about 0.3 s to import,
 * which a cold start should not pay.
 */
export async function isPhone(value: string, country = 'DE'): Promise<boolean> {
  const key = `${country} ${value}`;
  const known = recentPhones.get(key);
  if (known !== undefined) return known;
  phoneLibrary ??= import('libphonenumber-js');
  const { isValidPhoneNumber, isSupportedCountry } = await phoneLibrary;
  let valid: boolean;
  try {
    valid = isValidPhoneNumber(value, isSupportedCountry(country) ? country : 'DE');
  } catch {
    valid = false;
  }
  if (recentPhones.size >= RECENT_PHONES) recentPhones.clear();
  recentPhones.set(key, valid);
  return valid;
}

/**
 * The answer depends on the number and the country only, and the same diner's number is checked
 * at every order (2 % of an order's CPU on the server): the last few answers are kept.
 */
const recentPhones = new Map<string, boolean>();
const RECENT_PHONES = 512;
