import { loadRouteCatalog } from '../../lib/i18n';
import { byLocale } from '../../lib/catalog-loaders';
import { loadAddressMessages } from '../addresses/messages';

/**
 * The form's own strings and those of the address finder it shows (lingui.config.ts): loaded with
 * the form, never by a first visit's menu.
 */
export async function loadCheckoutMessages(): Promise<void> {
  await Promise.all([loadRouteCatalog('checkout', byLocale(import.meta.glob('./locales/*/messages.po'))), loadAddressMessages()]);
}
