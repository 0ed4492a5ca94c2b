import { Trans, useLingui } from '@lingui/react/macro';
import type { Category, Declaration, Menu, Product } from '../../../shared/contract/catalog';
import { plural } from '@lingui/core/macro';
import type { Codes } from '../../../shared/allergens';
import type { AvoidList } from '../../../shared/contract/allergen-filter';
import { useMenuFilter, type FilterEngine } from '../allergen-filter';
import { useMoney } from '../../ui/money';
import { MenuCard, ProductCard, ProductListItem, useTileState } from './ProductTiles';

interface Avoided<T> {
  /** What the list shows: all, or all but what the filter found when the diner hides it. */
  shown: readonly T[];
  /** Why each shown or hidden entry conflicts with the filter, in words. */
  avoided: ReadonlyMap<number, string>;
  hidden: number;
}

const NOTHING_AVOIDED: ReadonlyMap<number, string> = new Map();

/** What the diner's allergen filter finds in a list of dishes or combo menus. */
function useAvoided<T extends { id: number }>(
  items: readonly T[],
  conflictOf: (engine: FilterEngine) => (filter: AvoidList, item: T) => Codes,
  known?: (item: T) => Declaration[],
): Avoided<T> {
  const { filter, active, pending, engine, list } = useMenuFilter();
  if (!active) return { shown: items, avoided: NOTHING_AVOIDED, hidden: 0 };
  // A moment until the filter's reasoning is here: nothing, rather than a dish the diner avoids.
  if (pending || !engine) return { shown: [], avoided: NOTHING_AVOIDED, hidden: 0 };
  const conflicts = engine.conflictsIn(filter, items, conflictOf(engine));
  const avoided = new Map<number, string>();
  for (const item of items) {
    const codes = conflicts.get(item.id);
    if (codes) avoided.set(item.id, engine.nameCodes(list, codes, known?.(item)));
  }
  const shown = filter.mode === 'hide' && avoided.size ? items.filter((i) => !avoided.has(i.id)) : items;
  return { shown, avoided, hidden: items.length - shown.length };
}

const ownDeclarations = (p: Product) => [...p.allergens, ...p.additives];
export const useAvoidedDishes = (products: readonly Product[]) => useAvoided(products, (e) => e.productConflict, ownDeclarations);
export const useAvoidedMenus = (menus: readonly Menu[]) => useAvoided(menus, (e) => e.menuConflict);

/**
 * Dishes with a picture as cards, the others as compact rows (spec §2). With an allergen filter,
 * a dish it finds is left out or shown marked, as the diner chose; left out, the list says how many.
 */
export function DishList({ products }: { products: readonly Product[] }) {
  const { shown, avoided, hidden } = useAvoidedDishes(products);
  const tile = useTileState();
  const withPoster = shown.filter((p) => p.hasPoster);
  const without = shown.filter((p) => !p.hasPoster);
  return (
    <>
      {withPoster.length ? (
        <ul className="product-grid">
          {withPoster.map((p) => (
            <ProductCard key={p.id} product={p} avoided={avoided.get(p.id)} {...tile(p)} />
          ))}
        </ul>
      ) : null}
      {without.length ? (
        <ul className="product-list">
          {without.map((p) => (
            <ProductListItem key={p.id} product={p} avoided={avoided.get(p.id)} {...tile(p)} />
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? <p className="avoid-summary">{plural(hidden, { one: 'One dish is hidden by your allergen filter.', other: '# dishes are hidden by your allergen filter.' })}</p> : null}
    </>
  );
}

/**
 * Rows of grey where a category's dishes will be, as many as it has, so the page does not jump.
 * They shimmer only where the diner waits for them: a section not reached yet stays still, so a
 * phone does not repaint a page of placeholders below the fold every frame (about half the main
 * thread's time while a first visit settles, decision 045).
 */
function DishSkeleton({ count, waiting }: { count: number; waiting: boolean }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: Math.min(Math.max(count, 1), 8) }, (_, i) => (
        <li key={i} className={waiting ? 'skeleton-card skeleton-card--waiting' : 'skeleton-card'} />
      ))}
    </ul>
  );
}

export function SectionHeader({ id, title, description }: { id: string; title: string; description?: string }) {
  return (
    <header className="category__header">
      {/* Focusable for the category bar's jump, so keyboard and screen-reader users read on from here. */}
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {description ? <p className="category__desc">{description}</p> : null}
    </header>
  );
}

export type SectionState =
  | { status: 'ready'; products: readonly Product[] }
  /** `waiting`: the section is on screen (or asked for) and its dishes are on their way. */
  | { status: 'loading'; waiting: boolean }
  | { status: 'missing'; online: boolean };

export function CategorySection({ id, category, state }: { id: string; category: Category; state: SectionState }) {
  const { t } = useLingui();
  return (
    <section id={id} className="category" aria-labelledby={`${id}-title`}>
      <SectionHeader id={id} title={category.name} description={category.description} />
      {state.status === 'ready' ? (
        state.products.length ? (
          <DishList products={state.products} />
        ) : (
          <p className="muted">
            <Trans>Nothing here right now. Please have a look at our other categories.</Trans>
          </p>
        )
      ) : null}
      {state.status === 'loading' ? <DishSkeleton count={category.productCount} waiting={state.waiting} /> : null}
      {state.status === 'missing' ? (
        <p className="load-error" role="alert">
          {state.online
            ? t`This part of the menu could not be loaded. Check your connection and try again.`
            : t`This category is not saved on this device yet, so it cannot be shown offline. It will appear as soon as you are back online.`}
        </p>
      ) : null}
    </section>
  );
}

export function MenusSection({ id, menus }: { id: string; menus: readonly Menu[] }) {
  const { t } = useLingui();
  const { shown, avoided, hidden } = useAvoidedMenus(menus);
  const money = useMoney();
  return (
    <section id={id} className="category" aria-labelledby={`${id}-title`}>
      <SectionHeader id={id} title={t`Menus`} description={t`Put together your combo and save.`} />
      <ul className="product-grid">
        {/* The menus open the page: their first picture is the first on screen. */}
        {shown.map((m, i) => (
          <MenuCard key={m.id} menu={m} eager={i === 0} avoided={avoided.get(m.id)} money={money} />
        ))}
      </ul>
      {hidden > 0 ? <p className="avoid-summary">{plural(hidden, { one: 'One menu is hidden by your allergen filter.', other: '# menus are hidden by your allergen filter.' })}</p> : null}
    </section>
  );
}

/** What the codes on the cards mean, for every code the menu uses. */
export function DeclarationLegend({ declarations }: { declarations: readonly Declaration[] }) {
  if (!declarations.length) return null;
  return (
    <details className="legend" id="allergen-legend">
      <summary>
        <Trans>Allergens and additives: what the letters and numbers mean</Trans>
      </summary>
      <dl className="legend__list">
        {declarations.map((d) => (
          <div key={d.code} className="legend__item">
            <dt>{d.code}</dt>
            <dd>{d.name}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The categories' galleries, after the dishes, where they no longer push the menu down. */
export function MenuGallery({ categories }: { categories: readonly Category[] }) {
  const { t } = useLingui();
  const images = categories.flatMap((c) => c.gallery.slice(0, 8));
  if (!images.length) return null;
  return (
    <section className="gallery" aria-label={t`Impressions`}>
      {/* The strip scrolls sideways: focusable, so a keyboard can scroll it with the arrow keys (WCAG 2.1.1). */}
      <ul className="gallery__strip" tabIndex={0}>
        {images.map((m) => (
          <li key={m.id}>
            <img src={m.variants.square ?? m.url} alt={m.alt} loading="lazy" width={200} height={200} />
          </li>
        ))}
      </ul>
    </section>
  );
}
