import { loadRouteCatalog } from '../../lib/i18n';
import { byLocale } from '../../lib/catalog-loaders';

/** The contact form's own strings (lingui.config.ts): the contact route loads them before it renders. */
export function loadContactMessages(): Promise<void> {
  return loadRouteCatalog('contact', byLocale(import.meta.glob('./locales/*/messages.po')));
}
