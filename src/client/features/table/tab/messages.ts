import { byLocale } from '../../../lib/catalog-loaders';
import { loadRouteCatalog } from '../../../lib/i18n';

/** The table page's own strings (lingui.config.ts): its route loads them before it renders. */
export function loadTableMessages(): Promise<void> {
  return loadRouteCatalog('table', byLocale(import.meta.glob('./locales/*/messages.po')));
}
