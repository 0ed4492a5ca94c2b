import { i18n } from '@lingui/core';
import { directionOf, intlLocale } from '../../shared/i18n/locales';
import { setApiLanguage } from '../lib/api';
import { byLocale } from '../lib/catalog-loaders';

/** The staff side's own catalogs: nothing of it lands in the diner's pages. */
const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/** The languages the staff side speaks: every catalog it ships. */
export const STAFF_LOCALES: readonly string[] = Object.keys(catalogs).sort();

/** A language in its own name ("Deutsch", "ไทย"), as a speaker looks for it in a list. */
export function nativeName(code: string): string {
  const name = new Intl.DisplayNames([intlLocale(code)], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(intlLocale(code)) + name.slice(1);
}

export async function activateStaffLocale(locale: string): Promise<void> {
  const chosen = locale in catalogs ? locale : 'de';
  const load = catalogs[chosen];
  if (!load) return;
  const { messages } = await load();
  i18n.loadAndActivate({ locale: chosen, messages });
  setApiLanguage(chosen);
  document.documentElement.lang = chosen;
  document.documentElement.dir = directionOf(chosen);
  try {
    localStorage.setItem('staff-lang', chosen);
  } catch {
    // Kept for this visit only.
  }
}

export function storedStaffLocale(): string {
  try {
    const stored = localStorage.getItem('staff-lang');
    if (stored) return stored;
  } catch {
    // Storage blocked.
  }
  const browser = navigator.language.split('-')[0] ?? '';
  return browser in catalogs ? browser : 'de';
}

export { i18n };
