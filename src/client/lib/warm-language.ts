import { catalogLanguage } from '../../shared/i18n/locales';

/** Every catalog a diner's screens use, in every language: the staff side's stays out. */
const catalogs = import.meta.glob(['../**/locales/*/messages.po', '!../staff/**']);

/**
 * Fetches the catalogs of every diner screen in one language, one by one, so the service worker
 * keeps them: a diner who chose Türkçe opens the order page offline in Türkçe too, not only the
 * screens they happened to visit. Failures are ignored: the next visit tries again.
 */
export async function warmLanguage(locale: string): Promise<void> {
  for (const [path, load] of Object.entries(catalogs)) {
    if (catalogLanguage(path) !== locale) continue;
    try {
      await load();
    } catch {
      return;
    }
  }
}
