import { loadRouteCatalog } from '../../lib/i18n';
import { byLocale } from '../../lib/catalog-loaders';

/** The order page's own strings (lingui.config.ts): its routes load them before they render. */
export function loadOrderMessages(): Promise<void> {
  return loadRouteCatalog('orders', byLocale(import.meta.glob('./locales/*/messages.po')));
}
