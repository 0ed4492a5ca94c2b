import { i18n, type Messages } from '@lingui/core';
import { setApiLanguage } from '../lib/api';

/** The staff side's own catalogs: nothing of it lands in the diner's pages. */
const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  de: () => import('./locales/de/messages.po'),
  en: () => import('./locales/en/messages.po'),
};

export async function activateStaffLocale(locale: string): Promise<void> {
  const chosen = locale in catalogs ? locale : 'de';
  const load = catalogs[chosen];
  if (!load) return;
  const { messages } = await load();
  i18n.loadAndActivate({ locale: chosen, messages });
  setApiLanguage(chosen);
  document.documentElement.lang = chosen;
  try {
    localStorage.setItem('staff-lang', chosen);
  } catch {
    // Kept for this visit only.
  }
}

export function storedStaffLocale(): string {
  try {
    const stored = localStorage.getItem('staff-lang');
    if (stored) return stored;
  } catch {
    // Storage blocked.
  }
  return navigator.language.startsWith('en') ? 'en' : 'de';
}

export { i18n };
