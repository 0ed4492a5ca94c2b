import { useQuery } from '@tanstack/react-query';
import type { Codes } from '../../../shared/allergens';
import { avoidsAnything } from '../../../shared/contract/allergen-filter';
import type { Declaration, Declarations } from '../../../shared/contract/catalog';
import { catalogQueries, useLang } from '../catalog';
import { useAllergenFilter, type AllergenFilter } from './store';

/**
 * Names for codes ("Milk/lactose" for G): from the restaurant's list, else from declarations at
 * hand (a dish carries its own, offline too); a code neither knows stays a code.
 */
export function nameCodes(list: Declarations | undefined, codes: Codes, known: readonly Declaration[] = []): string {
  const name = (kind: keyof Declarations, code: string) => list?.[kind].find((d) => d.code === code)?.name ?? known.find((d) => d.code === code)?.name ?? code;
  return [...codes.allergens.map((c) => name('allergens', c)), ...codes.additives.map((c) => name('additives', c))].join(', ');
}

/** The restaurant's declarations in the page's language (kept for offline with the menu). */
export function useDeclarations(enabled = true): Declarations | undefined {
  const lang = useLang();
  return useQuery({ ...catalogQueries.declarations(lang), enabled }).data;
}

export interface Avoidance {
  filter: AllergenFilter;
  active: boolean;
  /** What these codes are called, for "contains …". */
  name: (codes: Codes, known?: readonly Declaration[]) => string;
}

/** The diner's filter with names for what it finds; the list is asked for only once a filter is set. */
export function useAvoidance(): Avoidance {
  const filter = useAllergenFilter();
  const active = avoidsAnything(filter);
  const list = useDeclarations(active);
  return { filter, active, name: (codes, known) => nameCodes(list, codes, known) };
}
