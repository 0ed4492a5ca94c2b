import { loadRouteCatalog } from '../../lib/i18n';

/** The branch chooser's own strings (lingui.config.ts): the /select-branch route loads them before it renders. */
export function loadBranchMessages(): Promise<void> {
  return loadRouteCatalog('branches', {
    de: () => import('./locales/de/messages.po'),
    en: () => import('./locales/en/messages.po'),
  });
}
