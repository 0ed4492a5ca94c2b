import { useLingui } from '@lingui/react/macro';
import { avoidsAnything, type AvoidList } from '../../../shared/contract/allergen-filter';
import { useAvoidance } from './names';
import { saveFilter, type AllergenFilter } from './store';

/** What an order tells the kitchen of the diner's filter: the list when they share it, else nothing. */
export function sharedAvoidList(filter: AllergenFilter): AvoidList | null {
  return filter.share && avoidsAnything(filter) ? { allergens: filter.allergens, additives: filter.additives } : null;
}

/** At checkout, with a filter set: whether this order tells the kitchen, saying exactly what it tells. */
export function ShareWithKitchen() {
  const { t } = useLingui();
  const { filter, active, name } = useAvoidance();
  if (!active) return null;
  const names = name(filter);
  return (
    <label className="check">
      <input type="checkbox" checked={filter.share} onChange={(e) => saveFilter({ ...filter, share: e.target.checked })} />
      <span>{t`Tell the kitchen that I avoid: ${names}`}</span>
    </label>
  );
}
