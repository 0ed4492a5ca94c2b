import { loadRouteCatalog } from '../../lib/i18n';

/** The order page's own strings (lingui.config.ts): its routes load them before they render. */
export function loadOrderMessages(): Promise<void> {
  return loadRouteCatalog('orders', {
    de: () => import('./locales/de/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
