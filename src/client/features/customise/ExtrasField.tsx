import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Extra } from '../../../shared/contract/catalog';
import { extraPriceForSize } from '../../../shared/pricing';
import { SearchIcon } from '../../ui/icons';
import { useMoney } from '../../ui/money';
import { matchesSearch } from './choice-state';

/** Extras with their price for the chosen size, searchable when the list is long. */
export function ExtrasField({
  extras,
  sizeId,
  chosen,
  onChange,
  idPrefix,
  soldOut,
  avoided,
}: {
  /** Extras staff marked sold out: shown, but not to be chosen. */
  soldOut?: ReadonlySet<number>;
  /** Extras the diner's allergen filter rules out, with what they contain. */
  avoided?: ReadonlyMap<number, string>;
  extras: Extra[];
  sizeId: number;
  chosen: number[];
  onChange: (next: number[]) => void;
  idPrefix: string;
}) {
  const { t } = useLingui();
  const money = useMoney();
  const [query, setQuery] = useState('');
  const available = extras.filter((e) => extraPriceForSize(e, sizeId) !== null);
  if (available.length === 0) return null;
  const shown = available.filter((e) => matchesSearch(e.name, query));
  const searchId = `${idPrefix}-extras-search`;
  return (
    <fieldset className="field extras">
      <legend>{t`Extras`}</legend>
      {available.length > 4 ? (
        <div className="search-input">
          <SearchIcon width={18} height={18} />
          <label htmlFor={searchId} className="visually-hidden">
            {t`Search extras`}
          </label>
          <input id={searchId} type="search" value={query} placeholder={t`Search extras`} onChange={(e) => setQuery(e.target.value)} />
        </div>
      ) : null}
      <div className="extras__list">
        {shown.map((e) => {
          const contains = avoided?.get(e.id);
          const sold = Boolean(soldOut?.has(e.id));
          return (
            <label key={e.id} className="check">
              <input
                type="checkbox"
                disabled={(sold || contains !== undefined) && !chosen.includes(e.id)}
                checked={chosen.includes(e.id)}
                onChange={(ev) => onChange(ev.target.checked ? [...chosen, e.id] : chosen.filter((id) => id !== e.id))}
              />
              <span>{sold ? t`${e.name} (sold out)` : contains ? t`${e.name} (contains ${contains})` : e.name}</span>
              <span className="price-tag">+{money(extraPriceForSize(e, sizeId) ?? 0)}</span>
            </label>
          );
        })}
        {shown.length === 0 ? <p className="muted small">{t`No extra matches “${query}”.`}</p> : null}
      </div>
    </fieldset>
  );
}
