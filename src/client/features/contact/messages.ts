import { loadRouteCatalog } from '../../lib/i18n';

/** The contact form's own strings (lingui.config.ts): the contact route loads them before it renders. */
export function loadContactMessages(): Promise<void> {
  return loadRouteCatalog('contact', {
    de: () => import('./locales/de/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
