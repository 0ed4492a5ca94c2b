import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { Declarations } from '../../../shared/contract/catalog';
import type { SettingsMap } from '../../../shared/contract/settings';
import { catalogQueries } from './queries';

export function useLang(): string {
  return useLingui().i18n.locale;
}

const EMPTY: SettingsMap = {};

export function useSettings(): SettingsMap {
  const lang = useLang();
  return useQuery(catalogQueries.settings(lang)).data ?? EMPTY;
}

export function usePages() {
  const lang = useLang();
  return useQuery(catalogQueries.pages(lang)).data ?? [];
}

export function useLanguages() {
  return useQuery(catalogQueries.languages()).data ?? [];
}

/** The restaurant's allergens and additives in the page's language, for the allergen filter (kept for offline with the menu). */
export function useDeclarations(enabled = true): Declarations | undefined {
  const lang = useLang();
  return useQuery({ ...catalogQueries.declarations(lang), enabled }).data;
}
