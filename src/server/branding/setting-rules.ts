import { FONT_NAMES, FONT_SIZE_MAX, FONT_SIZE_MIN, imagePath, parseFontSize } from '../../shared/contract/branding';
import type { SettingKey } from '../../shared/contract/settings';
import { say } from '../i18n/messages';
import { checkHeaderCode, HEADER_CODE_MAX } from './header-code';

/** Every setting but the header code fits in this many characters. */
export const SETTING_VALUE_MAX = 2000;

const IMAGE_KEYS: readonly SettingKey[] = ['LOGO', 'FAVICON', 'BACKGROUND_IMAGE', 'BREADCRUMB_BACKGROUND', 'LOGIN_IMAGE', 'REGISTER_IMAGE', 'FORGOT_PASSWORD_IMAGE'];

/**
 * Why the operator may not store this value, in the request's language, or null. An empty value
 * is always allowed: it gives the built-in look (and image settings their media fallback) back.
 */
export function settingValueProblem(lang: string, key: SettingKey, value: string): string | null {
  if (value.includes('\0')) return say(lang, 'validation.nul');
  if (key === 'CUSTOM_HEADER_CODE') {
    if (value.length > HEADER_CODE_MAX) return say(lang, 'validation.tooLong');
    return checkHeaderCode(value).problem ? say(lang, 'setting.headerCode') : null;
  }
  if (value.length > SETTING_VALUE_MAX) return say(lang, 'validation.tooLong');
  if (value.trim() === '') return null;
  if (key === 'FONT_FAMILY') {
    const known = value.trim().toLowerCase() === 'system' || FONT_NAMES.some((name) => name.toLowerCase() === value.trim().toLowerCase());
    return known ? null : say(lang, 'setting.fontFamily', { fonts: FONT_NAMES.join(', ') });
  }
  if (key === 'FONT_SIZE') return parseFontSize(value) === null ? say(lang, 'setting.fontSize', { min: FONT_SIZE_MIN, max: FONT_SIZE_MAX }) : null;
  if (key === 'BRAND_COLOR' || key === 'ACCENT_COLOR') return /^#[0-9a-fA-F]{6}$/.test(value.trim()) ? null : say(lang, 'settings.color');
  if (IMAGE_KEYS.includes(key)) return imagePath(value) === null ? say(lang, 'setting.image') : null;
  return null;
}
