import type { Codes } from '../../../shared/allergens';
import { avoidsAnything } from '../../../shared/contract/allergen-filter';
import type { Declaration } from '../../../shared/contract/catalog';
import { useDeclarations } from '../catalog';
import { nameCodes } from './name-codes';
import { useAllergenFilter, type AllergenFilter } from './store';

export interface Avoidance {
  filter: AllergenFilter;
  active: boolean;
  /** What these codes are called, for "contains …". */
  name: (codes: Codes, known?: readonly Declaration[]) => string;
}

/** The diner's filter with names for what it finds, for the sheets and the checkout (chunks of their own); the list is asked for only once a filter is set. */
export function useAvoidance(): Avoidance {
  const filter = useAllergenFilter();
  const active = avoidsAnything(filter);
  const list = useDeclarations(active);
  return { filter, active, name: (codes, known) => nameCodes(list, codes, known) };
}
