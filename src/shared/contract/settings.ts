import type { Setting } from './catalog';

/** Every setting key the storefront reads (spec §1, §3), plus the few it needs that the spec leaves unnamed. */
export const SETTING_KEYS = [
  'SITE_TITLE',
  'LOGO',
  'FAVICON',
  'BACKGROUND_IMAGE',
  'FONT_FAMILY',
  'BRAND_COLOR',
  'ACCENT_COLOR',
  'FONT_SIZE',
  'CUSTOM_HEADER_CODE',
  'COUNTRY',
  'CURRENCY',
  'TIMEZONE',
  'ADDRESS',
  'CONTACT_EMAIL',
  'MAP_URL',
  'PHONE',
  'FACEBOOK',
  'INSTAGRAM',
  'PINTEREST',
  'LINKEDIN',
  'WHATSAPP',
  'TWITTER',
  'TRIPADVISOR',
  'TIKTOK',
  'ANDROID_APP_URL',
  'IOS_APP_URL',
  'HUAWEI_APP_URL',
  'LOADER_STYLE',
  'LOGIN_IMAGE',
  'REGISTER_IMAGE',
  'FORGOT_PASSWORD_IMAGE',
  'BREADCRUMB_BACKGROUND',
  'ALLOW_REGISTRATION',
  'SOCIAL_LOGIN',
  'ALLOW_GUEST_CHECKOUT',
  'BRANCHES_ENABLED',
  'RESERVATION_ENABLED',
  'RESERVATION_MIN_NOTICE_MINUTES',
  'RESERVATION_MAX_GUESTS',
  'LOYALTY_SYSTEM',
  'LOYALTY_EARN_PERCENT',
  'ALLOW_TIP',
  'TIP_PERCENTS',
  'ALLOW_ISSUE_INVOICE',
  'ALLOW_DELIVERY',
  'ALLOW_TAKEAWAY',
  'ALLOW_CURBSIDE',
  'USES_NEW_ADDRESS_SYSTEM',
  'RESTAURANT_COORDINATES',
  'RESTAURANT_ACTIVE',
  'TERMS_AND_CONDITIONS',
  'PRIVACY_POLICY',
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

export const LOADER_STYLES = ['pizza', 'burger', 'infinite', 'logo'] as const;
export type LoaderStyle = (typeof LOADER_STYLES)[number];

/**
 * The value of a setting record, with the fallback order of spec §3: its own value, then the
 * poster image, the icon (favicon), the splash (else poster) and the background;
 * BACKGROUND_IMAGE with nothing at all is an empty string.
 */
export function resolveSettingValue(setting: Setting): unknown {
  const own = setting.value;
  if (own !== null && own !== undefined && own !== '') return own;
  const fallback =
    setting.poster?.url ?? setting.icon?.url ?? setting.splash?.url ?? setting.background?.url ?? null;
  if (fallback !== null) return fallback;
  return setting.key === 'BACKGROUND_IMAGE' ? '' : (own ?? null);
}

export type SettingsMap = Partial<Record<string, unknown>>;

export function settingsMap(settings: Setting[]): SettingsMap {
  const map: SettingsMap = {};
  for (const s of settings) map[s.key] = resolveSettingValue(s);
  return map;
}

/** A switch is on when it "has a value" (spec wording): anything but empty, null, false, '0' or 'false'. */
export function isOn(map: SettingsMap, key: SettingKey): boolean {
  const v = map[key];
  return !(v === undefined || v === null || v === '' || v === false || v === '0' || v === 'false' || v === 0);
}

export function text(map: SettingsMap, key: SettingKey): string {
  const v = map[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

/** The restaurant's clock: opening hours and scheduled orders are read in it. */
/** Points earned on a completed order, in percent (LOYALTY_EARN_PERCENT, default 5). */
export const DEFAULT_EARN_PERCENT = 5;

export function loyaltyEarnPercent(map: SettingsMap): number {
  const raw = text(map, 'LOYALTY_EARN_PERCENT');
  const value = raw === '' ? DEFAULT_EARN_PERCENT : Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? Math.min(value, 100) : DEFAULT_EARN_PERCENT;
}

export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export function timeZoneOf(map: SettingsMap): string {
  return text(map, 'TIMEZONE') || DEFAULT_TIME_ZONE;
}

/** An operator who never set the switch runs an active restaurant; one who emptied it closed it. */
export function restaurantIsActive(map: SettingsMap): boolean {
  return map.RESTAURANT_ACTIVE === undefined || isOn(map, 'RESTAURANT_ACTIVE');
}

/** WhatsApp links need an international prefix without '+' (spec §2). */
export function whatsappNumber(raw: string): string {
  return raw.trim().replace(/^\+/, '00').replace(/[^\d]/g, '');
}
