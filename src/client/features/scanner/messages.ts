import { loadRouteCatalog } from '../../lib/i18n';

/** The scanner's own strings (lingui.config.ts): they load with its dialog, not with the first page. */
export function loadScannerMessages(): Promise<void> {
  return loadRouteCatalog('scanner', {
    de: () => import('./locales/de/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
