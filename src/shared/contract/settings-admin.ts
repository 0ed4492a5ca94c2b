/**
 * The back office's settings (issue 14): every setting key in the group a restaurant owner looks
 * for it in, and one yup schema per group that the settings screen and
 * `PUT /api/staff/settings/<group>` both validate with. Messages are keys, worded by the server's
 * `say` and by the staff screen's own catalogue.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import * as yup from 'yup';
import { FONT_NAMES, imagePath, parseFontSize } from './branding';
import { isEmail } from './email';
import { MAX_ID, trimmedString } from './params';
import { LOADER_STYLES, type SettingKey } from './settings';

export const SETTINGS_MESSAGES = {
  url: 'settings.url',
  image: 'settings.image',
  color: 'settings.color',
  font: 'settings.font',
  fontSize: 'settings.fontSize',
  percents: 'settings.percents',
  percent: 'settings.percent',
  wholeNumber: 'settings.wholeNumber',
  timezone: 'settings.timezone',
  country: 'settings.country',
  latitude: 'settings.latitude',
  longitude: 'settings.longitude',
  page: 'settings.page',
  unknownKey: 'settings.unknownKey',
  email: 'validation.email',
  phone: 'validation.phone',
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  choice: 'validation.choice',
} as const;
const M = SETTINGS_MESSAGES;

/** Every text setting fits here (the header code has its own, larger limit). */
export const SETTING_TEXT_MAX = 500;
export const SITE_TITLE_MAX = 80;
export const HEADER_CODE_LIMIT = 10_000;
/** The colours a restaurant may set; `#rrggbb` so a contrast check and CSS both read it. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_BRAND_COLOR = '#1f5c4a';
export const DEFAULT_ACCENT_COLOR = '#e9a23b';

/** "5, 10,15" → [5, 10, 15] when each is a whole or decimal number from 0 to 100, else null. */
export function parsePercents(raw: string): number[] | null {
  const trimmed = raw.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((p) => p.trim());
  if (parts.length > 10) return null;
  const values = parts.map((p) => (/^\d{1,3}(\.\d{1,2})?$/.test(p) ? Number(p) : NaN));
  return values.every((v) => Number.isFinite(v) && v >= 0 && v <= 100) ? values : null;
}

/** A link a diner's browser opens in another tab: https only, with a host, no spaces. */
export function isHttpsUrl(raw: string): boolean {
  if (!/^https:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(raw)) return false;
  try {
    return new URL(raw).protocol === 'https:';
  } catch {
    return false;
  }
}

function isTimeZone(raw: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw });
    return true;
  } catch {
    return false;
  }
}

const text = (max = SETTING_TEXT_MAX) => trimmedString().strict(false).max(max, M.tooLong).defined(M.required);
const optionalText = (max = SETTING_TEXT_MAX) => text(max).default('');
const switchField = () => yup.boolean().strict().defined(M.required);
const blankOr = (message: string, test: (v: string) => boolean) => (value: string | undefined) => !value || test(value);
const url = () => optionalText().test('url', M.url, blankOr(M.url, isHttpsUrl));
const image = () => optionalText().test('image', M.image, blankOr(M.image, (v) => imagePath(v) !== null));
const color = () => optionalText(7).test('color', M.color, blankOr(M.color, (v) => HEX_COLOR.test(v)));
const phone = (country = 'DE') =>
  optionalText(40).test('phone', M.phone, (value, ctx) => {
    if (!value) return true;
    const wanted = (ctx.options.context as { country?: string } | undefined)?.country ?? country;
    try {
      return isValidPhoneNumber(value, wanted.toUpperCase() as Parameters<typeof isValidPhoneNumber>[1]);
    } catch {
      return false;
    }
  });
const wholeNumber = (min: number, max: number) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? undefined : value))
    .typeError(M.wholeNumber)
    .integer(M.wholeNumber)
    .min(min, M.wholeNumber)
    .max(max, M.wholeNumber)
    .required(M.required);
const decimal = (min: number, max: number, message: string) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' ? Number(original.replace(',', '.')) : value))
    .typeError(message)
    .min(min, message)
    .max(max, message)
    .required(message);
const pageId = () => yup.number().typeError(M.page).integer(M.page).min(1, M.page).max(MAX_ID, M.page).nullable().defined(M.page);

/** Each group's schema refuses keys it does not know, so a typo never writes a setting no reader has. */
const group = <T extends yup.ObjectShape>(shape: T) => yup.object(shape).exact(M.unknownKey).required();

export const identitySchema = group({
  SITE_TITLE: text(SITE_TITLE_MAX).min(1, M.required),
  LOGO: image(),
  FAVICON: image(),
  BRAND_COLOR: color(),
  ACCENT_COLOR: color(),
  FONT_FAMILY: optionalText(40).test('font', M.font, blankOr(M.font, (v) => v.toLowerCase() === 'system' || FONT_NAMES.some((f) => f.toLowerCase() === v.toLowerCase()))),
  FONT_SIZE: optionalText(8).test('fontSize', M.fontSize, blankOr(M.fontSize, (v) => parseFontSize(v) !== null)),
  LOADER_STYLE: yup.string().oneOf(LOADER_STYLES, M.choice).required(M.required),
  BACKGROUND_IMAGE: image(),
  BREADCRUMB_BACKGROUND: image(),
  LOGIN_IMAGE: image(),
  REGISTER_IMAGE: image(),
  FORGOT_PASSWORD_IMAGE: image(),
  CUSTOM_HEADER_CODE: optionalText(HEADER_CODE_LIMIT),
});

export const contactSchema = group({
  ADDRESS: optionalText(200),
  PHONE: phone(),
  CONTACT_EMAIL: optionalText(254).test('email', M.email, blankOr(M.email, (v) => isEmail(v))),
  WHATSAPP: phone(),
  MAP_URL: url(),
  RESTAURANT_COORDINATES: yup
    .object({ lat: decimal(-90, 90, M.latitude), lng: decimal(-180, 180, M.longitude) })
    .exact(M.unknownKey)
    .default(undefined)
    .nullable()
    .defined(M.required),
  COUNTRY: text(2).matches(/^[a-zA-Z]{2}$/, M.country),
  TIMEZONE: text(64).test('timezone', M.timezone, (v) => Boolean(v) && isTimeZone(v ?? '')),
  FACEBOOK: url(),
  INSTAGRAM: url(),
  TWITTER: url(),
  TIKTOK: url(),
  PINTEREST: url(),
  LINKEDIN: url(),
  TRIPADVISOR: url(),
  ANDROID_APP_URL: url(),
  IOS_APP_URL: url(),
  HUAWEI_APP_URL: url(),
});

export const orderingSchema = group({
  ALLOW_DELIVERY: switchField(),
  ALLOW_TAKEAWAY: switchField(),
  ALLOW_CURBSIDE: switchField(),
  ALLOW_GUEST_CHECKOUT: switchField(),
  USES_NEW_ADDRESS_SYSTEM: switchField(),
  ALLOW_TIP: switchField(),
  TIP_PERCENTS: optionalText(60).test('percents', M.percents, (v) => parsePercents(v ?? '') !== null),
  ALLOW_ISSUE_INVOICE: switchField(),
  TERMS_AND_CONDITIONS: pageId(),
  PRIVACY_POLICY: pageId(),
});

export const accountsSchema = group({
  ALLOW_REGISTRATION: switchField(),
  SOCIAL_LOGIN: switchField(),
});

export const loyaltySchema = group({
  LOYALTY_SYSTEM: switchField(),
  LOYALTY_EARN_PERCENT: decimal(0, 100, M.percent),
});

export const reservationsSchema = group({
  RESERVATION_ENABLED: switchField(),
  RESERVATION_MIN_NOTICE_MINUTES: wholeNumber(0, 10_080),
  RESERVATION_MAX_GUESTS: wholeNumber(1, 99),
});

export const SETTINGS_SCHEMAS = {
  identity: identitySchema,
  contact: contactSchema,
  ordering: orderingSchema,
  accounts: accountsSchema,
  loyalty: loyaltySchema,
  reservations: reservationsSchema,
} as const;

export type SettingsGroup = keyof typeof SETTINGS_SCHEMAS;
export const SETTINGS_GROUPS = Object.keys(SETTINGS_SCHEMAS) as SettingsGroup[];
export type SettingsValues<G extends SettingsGroup> = yup.InferType<(typeof SETTINGS_SCHEMAS)[G]>;
export type AnySettingsValues = { [G in SettingsGroup]: SettingsValues<G> };

export const settingsGroupParams = yup.object({ group: yup.string().oneOf(SETTINGS_GROUPS, M.choice).required(M.required) });

/** The keys whose stored value is '1' (on) or '' (off); the form shows them as switches. */
export const SWITCH_KEYS: readonly SettingKey[] = [
  'ALLOW_DELIVERY',
  'ALLOW_TAKEAWAY',
  'ALLOW_CURBSIDE',
  'ALLOW_GUEST_CHECKOUT',
  'USES_NEW_ADDRESS_SYSTEM',
  'ALLOW_TIP',
  'ALLOW_ISSUE_INVOICE',
  'ALLOW_REGISTRATION',
  'SOCIAL_LOGIN',
  'LOYALTY_SYSTEM',
  'RESERVATION_ENABLED',
];

/** A page the legal links may point at. */
export interface PageChoice {
  id: number;
  name: string;
}

/** What the server's configuration switches on: card payments, the operator API, the social sign-in providers. */
export interface ServerEnvironment {
  stripe: boolean;
  operatorApi: boolean;
  socialProviders: string[];
}

/** What the settings screen reads: every group's values in form shape, the pages, and what the server's configuration sets. */
export interface SettingsAdminView {
  groups: AnySettingsValues;
  pages: PageChoice[];
  /** Secrets and services set in the server's environment: shown, never edited here. */
  environment: ServerEnvironment;
}

/** The WCAG contrast ratio of two `#rrggbb` colours, so the screen warns before white text on a pale button. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r = 0, g = 0, bl = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
