import { loadRouteCatalog } from '../../lib/i18n';
import { byLocale } from '../../lib/catalog-loaders';

/** The address forms' and list's own strings (lingui.config.ts): loaded by the checkout's form and the account's address pages. */
export function loadAddressMessages(): Promise<void> {
  return loadRouteCatalog('addresses', byLocale(import.meta.glob('./locales/*/messages.po')));
}
