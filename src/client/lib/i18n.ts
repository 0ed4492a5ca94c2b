import { i18n, type Messages } from '@lingui/core';
import { directionOf, PRECACHED_LANGUAGES } from '../../shared/i18n/locales';
import { byLocale, type CatalogLoaders } from './catalog-loaders';
import { getFresh, setApiLanguage } from './api';
import { STORAGE_KEYS } from './storage-keys';

export const DEFAULT_LOCALE = 'de';

const loaders = byLocale(import.meta.glob('../locales/*/messages.po'));

/** Interface languages we ship catalogs for; the server's language list decides which are offered. */
export const SUPPORTED_LOCALES: readonly string[] = Object.keys(loaders);

/**
 * Catalogs of screens a first visit of the menu never opens (the order page's tracker): loaded by
 * their route, then kept through every language switch.
 */
const routeCatalogs = new Map<string, CatalogLoaders>();
/**
 * The language each route catalog is loaded in. Route loaders run at every navigation and every
 * link preload, and each `i18n.load` re-renders every component that reads Lingui: a catalog already
 * in the current language is not loaded again.
 */
const routeCatalogLanguage = new Map<string, string>();

async function messagesOf(catalog: CatalogLoaders, locale: string): Promise<Messages> {
  const load = catalog[locale] ?? catalog[DEFAULT_LOCALE];
  return load ? (await load()).messages : {};
}

/** The operator's wording for the current language (GET /api/translations), kept for offline starts. */
let overrides: Record<string, string> = {};

function storedOverrides(locale: string): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(`${STORAGE_KEYS.translations}-${locale}`) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Loads the operator's wording over the built-in messages; the module and the English catalogs load only when there is some. */
async function applyOverrides(locale: string): Promise<void> {
  if (!Object.keys(overrides).length) return;
  const [{ overrideMessages }, ...english] = await Promise.all([
    import('./translation-overrides'),
    messagesOf(loaders, 'en'),
    ...[...routeCatalogs.values()].map((c) => messagesOf(c, 'en').catch(() => ({}))),
  ]);
  if (i18n.locale === locale) i18n.load(locale, overrideMessages(english, overrides));
}

/**
 * Reads the overrides at start and on each language switch: what the operator changed shows on
 * the next visit, without a new build. Offline, the last copy holds.
 */
async function refreshOverrides(locale: string): Promise<void> {
  overrides = storedOverrides(locale);
  await applyOverrides(locale).catch(() => undefined);
  try {
    const fresh = await getFresh<Record<string, string>>('/translations', { lang: locale });
    localStorage.setItem(`${STORAGE_KEYS.translations}-${locale}`, JSON.stringify(fresh));
    if (JSON.stringify(fresh) === JSON.stringify(overrides)) return;
    overrides = fresh;
    // An override taken away needs the built-in wording back, which only a fresh load restores.
    await activateLocale(locale, false);
  } catch {
    // Offline or refused: the built-in (or last known) wording stands.
  }
}

/** Loads a route's own catalog into the current language (the page's strings stay in English if it cannot load). */
export async function loadRouteCatalog(name: string, catalog: CatalogLoaders): Promise<void> {
  const locale = i18n.locale || storedLocale();
  if (routeCatalogLanguage.get(name) === locale) return;
  routeCatalogs.set(name, catalog);
  try {
    i18n.load(locale, await messagesOf(catalog, locale));
    routeCatalogLanguage.set(name, locale);
    await applyOverrides(locale);
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
export async function activateLocale(locale: string, refresh = true): Promise<void> {
  const load = loaders[locale] ?? loaders[DEFAULT_LOCALE];
  if (!load) return;
  const loaded: string[] = [];
  const [{ messages }, ...extra] = await Promise.all([
    load(),
    ...[...routeCatalogs].map(([name, c]) =>
      messagesOf(c, locale).then(
        (m) => {
          loaded.push(name);
          return m;
        },
        () => ({}),
      ),
    ),
  ]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, messages, ...extra) as Messages });
  // One that could not load (offline, not kept) is tried again by its route.
  for (const name of loaded) routeCatalogLanguage.set(name, locale);
  setApiLanguage(locale);
  if (refresh) void refreshOverrides(locale);
  else await applyOverrides(locale).catch(() => undefined);
  // Assigned only when they change: the server's page has them right, and assigning even an equal
  // value marked every element's style dirty (:lang, :dir) in a trace of the start.
  const html = document.documentElement;
  if (html.lang !== locale) html.lang = locale;
  const dir = directionOf(locale);
  if (html.dir !== dir) html.dir = dir;
  if (!PRECACHED_LANGUAGES.includes(locale)) whenIdle(() => void import('./warm-language').then((m) => m.warmLanguage(locale)));
  // The server writes it into the next page's <html>, so an Arabic page paints right to left at once.
  document.cookie = `lang=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEYS.lang, locale);
  } catch {
    // Not persisted; the choice still holds for this visit.
  }
}

/** After the page has settled: warming a language must not compete with what the diner opened. */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 3000);
}

export { i18n };
