import { byLocale } from '../../lib/catalog-loaders';
import { loadDialogMessages } from '../../lib/dialog-messages';

const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/** The scanner's own strings, loaded each time the dialog opens (the dialog still works in English without them). */
export const loadScannerMessages = (): Promise<void> => loadDialogMessages(catalogs);
