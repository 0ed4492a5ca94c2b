import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { SearchIcon } from '../../ui/icons';
import { useMoney } from '../../ui/money';
import { DishList, useAvoidedMenus } from './CategoryView';
import type { MenuSearchResult } from './menu-search';
import { MenuCard } from './ProductTiles';
import { plural } from '@lingui/core/macro';

export function MenuSearchField({
  value,
  onChange,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useLingui();
  return (
    <div role="search" className="menu-search">
      <label htmlFor="menu-search" className="visually-hidden">
        {t`Search the menu`}
      </label>
      <SearchIcon className="menu-search__icon" />
      <input
        ref={inputRef}
        id="menu-search"
        type="search"
        className="menu-search__input"
        placeholder={t`Search dishes, e.g. pizza, cheese`}
        value={value}
        maxLength={80}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * What the search found, from the dishes the device holds. `incomplete` says some categories are not
 * on the device (offline before they were loaded), so "nothing found" is not the whole truth.
 */
export function MenuSearchResults({ query, result, incomplete }: { query: string; result: MenuSearchResult; incomplete: boolean }) {
  const { t } = useLingui();
  const count = result.products.length + result.menus.length;
  const q = query.trim();
  const menus = useAvoidedMenus(result.menus);
  const money = useMoney();
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="search-results__title" aria-live="polite">
        {count === 0 ? t`Nothing found for “${q}”` : plural(count, { one: `# dish for “${q}”`, other: `# dishes for “${q}”` })}
      </h2>
      {incomplete ? (
        <p className="muted">
          <Trans>Some categories are not saved on this device yet; they are searched as soon as you are back online.</Trans>
        </p>
      ) : null}
      {menus.shown.length ? (
        <ul className="product-grid">
          {menus.shown.map((m) => (
            <MenuCard key={m.id} menu={m} avoided={menus.avoided.get(m.id)} money={money} />
          ))}
        </ul>
      ) : null}
      <DishList products={result.products} />
      {count === 0 ? (
        <p className="muted">
          <Trans>Try another word, or clear the search to see the whole menu.</Trans>
        </p>
      ) : null}
    </section>
  );
}
