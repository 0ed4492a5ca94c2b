import { loadRouteCatalog } from '../../lib/i18n';
import { byLocale } from '../../lib/catalog-loaders';

/** The branch chooser's own strings (lingui.config.ts): the /select-branch route loads them before it renders. */
export function loadBranchMessages(): Promise<void> {
  return loadRouteCatalog('branches', byLocale(import.meta.glob('./locales/*/messages.po')));
}
