import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../shared/contract/catalog';
import { get } from '../../lib/api';

/**
 * The languages the site offers, the default first (the server sorts them): every translated
 * field of the back office has one input per language, and an empty one falls back to the first.
 */
export function useSiteLanguages(): Language[] {
  const languages = useQuery({ queryKey: ['staff', 'languages'], queryFn: () => get<Language[]>('/languages'), staleTime: 60_000 });
  return languages.data ?? [{ code: 'de', name: 'Deutsch' }];
}

/** The languages a translated text still lacks (blank counts as missing). */
export function missingLanguages(text: Record<string, string> | undefined, languages: Language[]): Language[] {
  return languages.filter((l) => !text?.[l.code]?.trim());
}
