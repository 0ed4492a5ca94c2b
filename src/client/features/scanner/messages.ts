import { i18n } from '@lingui/core';
import { byLocale } from '../../lib/catalog-loaders';

const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/**
 * The scanner's own strings (lingui.config.ts), loaded into the language of the moment each time
 * the dialog opens, so a language switched in between is followed. It uses Lingui's instance
 * directly: importing lib/i18n from this chunk split a chunk off the first page (decision 002).
 */
export async function loadScannerMessages(): Promise<void> {
  const locale = i18n.locale;
  const load = catalogs[locale] ?? catalogs.de;
  try {
    if (load) i18n.load(locale, (await load()).messages);
  } catch {
    // Offline before the worker cached the catalog: the dialog still works, in English.
  }
}
