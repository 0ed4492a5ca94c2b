import type { Messages } from '@lingui/core';
import { catalogLanguage } from '../../shared/i18n/locales';

export type CatalogLoaders = Record<string, () => Promise<{ messages: Messages }>>;

/**
 * A catalog's languages from `import.meta.glob('./locales/*\/messages.po')`, keyed by code: each
 * language is its own chunk, so a diner downloads only the one they read, and a new language needs
 * its catalogs, not code.
 */
export function byLocale(glob: Record<string, () => Promise<unknown>>): CatalogLoaders {
  const out: CatalogLoaders = {};
  for (const [path, load] of Object.entries(glob)) {
    const code = catalogLanguage(path);
    if (code) out[code] = load as () => Promise<{ messages: Messages }>;
  }
  return out;
}
