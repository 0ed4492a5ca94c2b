import { useLingui } from '@lingui/react/macro';
import { useState, type ComponentType } from 'react';
import { avoidsAnything } from '../../../shared/contract/allergen-filter';
import { useAllergenFilter } from './store';

type FilterDialogType = ComponentType<{ onClose: () => void }>;

/** A leaf with a line through it: "without", not a warning sign (the menu stays calm). */
const AvoidIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
    <path d="M5 19c0-8 6-13 14-14-1 8-6 14-14 14z" />
    <path d="M4 4l16 16" />
  </svg>
);

/** Opens the allergen filter; once set, it says how many things the diner avoids. */
export function FilterButton() {
  const { t } = useLingui();
  const filter = useAllergenFilter();
  // The dialog, its strings and its styles are a chunk of their own, fetched on the first tap.
  const [Dialog, setDialog] = useState<FilterDialogType | null>(null);
  const open = () => void import('./FilterDialog').then((m) => m.loadFilterMessages().then(() => setDialog(() => m.FilterDialog)));
  const count = filter.allergens.length + filter.additives.length;
  const active = avoidsAnything(filter);
  return (
    <>
      <button type="button" className={`avoid-button${active ? ' avoid-button--on' : ''}`} aria-haspopup="dialog" onClick={open} data-testid="allergen-filter">
        <AvoidIcon />
        <span>{active ? t`I avoid: ${count}` : t`Allergens`}</span>
      </button>
      {Dialog ? <Dialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
