import { i18n } from '@lingui/core';
import type { CatalogLoaders } from './catalog-loaders';

/**
 * A lazily opened dialog's own strings (lingui.config.ts), loaded into the language of the moment
 * each time it opens, so a language switched in between is followed. Lingui's instance directly:
 * importing lib/i18n from a dialog's chunk split a chunk off the first page (decision 002).
 * Offline before the worker kept the catalog, the dialog shows its source words.
 */
export async function loadDialogMessages(catalogs: CatalogLoaders): Promise<void> {
  const locale = i18n.locale;
  const load = catalogs[locale] ?? catalogs.de;
  try {
    if (load) i18n.load(locale, (await load()).messages);
  } catch {
    // Not cached and not reachable: the source words stand in.
  }
}
