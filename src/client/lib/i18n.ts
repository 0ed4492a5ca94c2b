import { i18n, type Messages } from '@lingui/core';
import { setApiLanguage } from './api';
import { STORAGE_KEYS } from './storage-keys';

export const DEFAULT_LOCALE = 'de';
/** Interface languages we ship catalogs for; the server's language list decides which are offered. */
export const SUPPORTED_LOCALES = ['de', 'en'] as const;
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

export function storedLocale(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.lang);
    if (stored && stored in loaders) return stored;
  } catch {
    // Storage blocked (private mode): fall through to the default.
  }
  return DEFAULT_LOCALE;
}

/** Loads a catalog lazily and switches the document, the API header and Lingui to it. */
export async function activateLocale(locale: string): Promise<void> {
  const load = loaders[locale] ?? loaders[DEFAULT_LOCALE];
  if (!load) return;
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages });
  setApiLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL.has(locale) ? 'rtl' : 'ltr';
  try {
    localStorage.setItem(STORAGE_KEYS.lang, locale);
  } catch {
    // Not persisted; the choice still holds for this visit.
  }
}

export { i18n };
