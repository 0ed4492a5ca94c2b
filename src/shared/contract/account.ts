/**
 * Customer accounts (spec §3 User, Address, Transaction; §5 login/register/profile/address rules;
 * §7 auth, /me, addresses and transactions calls): one yup schema per form for Formik and the server.
 */
import * as yup from 'yup';
import type { Area } from './catalog';
import { MAX_ID, trimmedString, upperCasedString } from './params';
import { emailAddress } from './email';
import { newPassword, PASSWORD_MAX } from './password';
import { isPhone, V } from './validation';

export { PASSWORD_MAX, PASSWORD_MIN } from './password';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** Spec §3 User; `profit` is the loyalty balance in euros, like every amount the API shows. */
export interface User {
  id: number;
  name: string;
  email: string;
  phone: string;
  profit: number;
  /** Spec §3: true flags a table user; accounts are never table users here (tables have sessions). */
  is_generated: boolean;
  table: boolean;
  hasPassword: boolean;
  social: SocialProviderId[];
}

export interface AuthResult {
  token: string;
  expiresAt: string;
  user: User;
}

/** `POST /social`: either signed in, or a verified identity that still needs the registration form. */
export type SocialResult =
  | { status: 'signed_in'; auth: AuthResult }
  | { status: 'register'; registration: { name: string; email: string; socialName: SocialProviderId; socialTicket: string } };

/** What the login screen needs to draw the provider buttons (`GET /social/providers`). */
export interface SocialProviderInfo {
  id: SocialProviderId;
  authorizeUrl: string;
  clientId: string;
}

export interface AddressOut {
  id: number;
  name: string;
  address: string;
  extras: string;
  isDefault: boolean;
  zipcode: string;
  coordinates: { lat: number; lng: number } | null;
  area: Area;
  areaId: number;
  buildingCode: string;
}

export interface PlaceSuggestion {
  placeId: string;
  address: string;
}

export interface PlaceOut {
  placeId: string;
  address: string;
  zipcode: string;
  coordinates: { lat: number; lng: number };
}

/** `POST /me/addresses/check`: the marked place, completed by the geocoder, and the area that serves it. */
export interface AddressCheckResult {
  area: Area;
  place: PlaceOut;
}

export interface Transaction {
  id: number;
  description: string;
  oldProfit: number;
  amount: number;
  newProfit: number;
  date: string;
}

export interface Pagination {
  total: number;
  current_page: number;
  per_page: number;
  total_pages: number;
}

export const TRANSACTIONS_PER_PAGE = 10;

const email = () => emailAddress().required(V.required);

const phone = () =>
  trimmedString()
    .max(32, V.tooLong)
    .required(V.required)
    .test('phone', V.phone, async (v) => !v || (await isPhone(v)));

const name = () => trimmedString().max(120, V.tooLong).required(V.required);

/** The confirmation of a new password must match it. */
const confirmation = () =>
  yup
    .string()
    .default('')
    .test('match', V.passwordMatch, function match(value) {
      const { password } = this.parent as { password?: string };
      return !password || value === password;
    });

export const loginSchema = yup.object({
  email: email(),
  password: yup.string().max(PASSWORD_MAX, V.tooLong).required(V.required),
});

export const registerSchema = yup.object({
  name: name(),
  email: email(),
  phone: phone(),
  /** Set when the identity was verified by Google or Facebook: no password then. */
  socialTicket: trimmedString().max(100).nullable().default(null),
  socialName: yup.mixed<SocialProviderId>().oneOf(SOCIAL_PROVIDERS, V.choice).nullable().default(null),
  password: newPassword().when('socialTicket', {
    is: (ticket: string | null) => !ticket,
    then: (s) => s.required(V.required),
    otherwise: (s) => s.strip(),
  }),
  password_confirmation: confirmation().when('socialTicket', {
    is: (ticket: string | null) => !ticket,
    then: (s) => s.required(V.required),
    otherwise: (s) => s.strip(),
  }),
  terms: yup.boolean().typeError(V.terms).oneOf([true], V.terms).required(V.terms),
});

/**
 * Changing the password or the e-mail address needs the current password: a session left open
 * on a shared device must not hand the account over. `accountEmail` is the address it has now.
 */
export function needsCurrentPassword(values: { password?: unknown; email?: unknown }, accountEmail: string | undefined): boolean {
  if (typeof values.password === 'string' && values.password !== '') return true;
  if (accountEmail === undefined || typeof values.email !== 'string') return false;
  return values.email.trim().toLowerCase() !== accountEmail.trim().toLowerCase();
}

/** Validate with `{ context: { email: <the account's address now> } }`, so an e-mail change asks for the current password. */
export const profileSchema = yup.object({
  name: name(),
  email: email(),
  phone: phone(),
  /** Optional (spec §5): empty keeps the current password. */
  password: newPassword()
    .transform((v: unknown) => (v === '' ? undefined : v))
    .optional(),
  password_confirmation: confirmation(),
  current_password: yup
    .string()
    .typeError(V.required)
    .max(PASSWORD_MAX, V.tooLong)
    .default('')
    .when(['password', 'email', '$email'], ([password, email, accountEmail]: unknown[], s) =>
      needsCurrentPassword({ password, email }, typeof accountEmail === 'string' ? accountEmail : undefined) ? s.required(V.required) : s,
    ),
});

export const resetPasswordSchema = yup.object({ email: email() });

export const resetConfirmSchema = yup.object({
  token: trimmedString().matches(/^[A-Za-z0-9_-]{20,100}$/, V.required).required(V.required),
  password: newPassword().required(V.required),
  password_confirmation: confirmation().required(V.required),
});

export const socialSchema = yup.object({
  socialName: yup.string().oneOf(SOCIAL_PROVIDERS, V.choice).required(V.required),
  token: trimmedString().max(8192, V.tooLong).required(V.required),
  nonce: trimmedString().max(200).nullable().default(null),
});

const coordinates = () =>
  yup
    .object({
      lat: yup.number().typeError(V.number).min(-90, V.number).max(90, V.number).required(V.required),
      lng: yup.number().typeError(V.number).min(-180, V.number).max(180, V.number).required(V.required),
    })
    .nullable()
    .default(null);

const areaId = () => yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(MAX_ID, V.number).nullable().default(null);

/** Spec §5: name, area and address required (the new address system finds the area from the location). */
export const addressSchema = yup.object({
  name: trimmedString().max(60, V.tooLong).required(V.required),
  areaId: areaId(),
  address: trimmedString().max(300, V.tooLong).required(V.required),
  extras: trimmedString().max(200, V.tooLong).default(''),
  zipcode: trimmedString().max(10, V.tooLong).default(''),
  buildingCode: trimmedString().max(40, V.tooLong).default(''),
  coordinates: coordinates(),
  isDefault: yup.boolean().default(false),
});
export type AddressValues = yup.InferType<typeof addressSchema>;

/** A place to check: by its geocoder id, by coordinates (current location, a map pin) or as text. */
export const addressCheckSchema = yup.object({
  placeId: trimmedString().max(200).nullable().default(null),
  coordinates: coordinates(),
  address: trimmedString().max(300, V.tooLong).default(''),
  zipcode: trimmedString().max(10, V.tooLong).default(''),
});

export const searchQuery = yup.object({ q: trimmedString().min(2, V.required).max(200, V.tooLong).required(V.required) });
export const placeParams = yup.object({ id: trimmedString().max(200).required(V.required) });
export const pageQuery = yup.object({
  page: yup.number().typeError(V.number).integer(V.number).min(1, V.number).max(100_000, V.number).default(1),
});

/** `POST /me/orders`: orders this device placed as a guest, proven by their private keys. */
export const attachOrdersSchema = yup.object({
  orders: yup
    .array(
      yup.object({
        code: upperCasedString().matches(/^[A-Z0-9]{4,16}$/, V.choice).required(V.required),
        key: trimmedString().max(100).required(V.required),
      }),
    )
    .max(100, V.choice)
    .required(V.required),
});
