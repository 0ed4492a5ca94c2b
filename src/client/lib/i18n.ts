import { i18n, type Messages } from '@lingui/core';
import { setApiLanguage } from './api';
import { STORAGE_KEYS } from './storage-keys';

export const DEFAULT_LOCALE = 'de';
/** Interface languages we ship catalogs for; the server's language list decides which are offered. */
export const SUPPORTED_LOCALES = ['de', 'en'] as const;
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

type CatalogLoaders = Record<string, () => Promise<{ messages: Messages }>>;

const loaders: CatalogLoaders = {
  de: () => import('../locales/de/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/**
 * Catalogs of screens a first visit of the menu never opens (the order page's tracker): loaded by
 * their route, then kept through every language switch.
 */
const routeCatalogs = new Map<string, CatalogLoaders>();

async function messagesOf(catalog: CatalogLoaders, locale: string): Promise<Messages> {
  const load = catalog[locale] ?? catalog[DEFAULT_LOCALE];
  return load ? (await load()).messages : {};
}

/** Loads a route's own catalog into the current language (the page's strings stay in English if it cannot load). */
export async function loadRouteCatalog(name: string, catalog: CatalogLoaders): Promise<void> {
  routeCatalogs.set(name, catalog);
  const locale = i18n.locale || storedLocale();
  try {
    i18n.load(locale, await messagesOf(catalog, locale));
  } catch {
    // Offline before the worker cached the chunk: the page still works, in the source language.
  }
}

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
  const [{ messages }, ...extra] = await Promise.all([load(), ...[...routeCatalogs.values()].map((c) => messagesOf(c, locale).catch(() => ({})))]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, messages, ...extra) as Messages });
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
