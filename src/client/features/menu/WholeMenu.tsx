import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Category, Declaration, Product } from '../../../shared/contract/catalog';
import { FilterButton } from '../allergen-filter';
import { catalogQueries, primeProducts, savesData, useLang } from '../catalog';
import { useOnline } from '../pwa';
import { CategoryBar, type BarEntry } from './CategoryBar';
import { CategorySection, DeclarationLegend, MenuGallery, MenusSection, type SectionState } from './CategoryView';
import { MenuSearchField, MenuSearchResults } from './MenuSearch';
import { searchMenu } from './menu-search';
import { useAfterFirstIdle } from './after-first-idle';
import { useScrollSpy } from './scroll-spy';

/** What a section has: its dishes once loaded, and whether it is done trying (loaded, or known missing). */
interface Loaded {
  products: readonly Product[] | undefined;
  settled: boolean;
}

const NONE: never[] = [];
// A section renders again only when its own dishes change, not when another section's arrive.
const MemoMenusSection = memo(MenusSection);

export const MENUS_SECTION = 'menu-section-menus';
export const categorySection = (id: number) => `menu-section-${id}`;

/**
 * One category's section with its own query (one per section, so each shows as soon as its dishes
 * arrive); it tells the menu what it has, for the search and for landing on a linked category.
 * Not `shown` yet (decision 037): its title and a skeleton of its size, so the category bar's
 * anchors and the page's height are there while the dishes wait for their turn.
 */
const CategoryBlock = memo(function CategoryBlock({
  category,
  enabled,
  shown,
  online,
  onLoaded,
}: {
  category: Category;
  enabled: boolean;
  shown: boolean;
  online: boolean;
  onLoaded: (id: number, loaded: Loaded) => void;
}) {
  const lang = useLang();
  const query = useQuery({ ...catalogQueries.categoryProducts(lang, category.id), enabled });
  const products = shown ? query.data?.data : undefined;
  const state: SectionState = products
    ? { status: 'ready', products }
    : shown && (query.isError || !online)
      ? { status: 'missing', online }
      : { status: 'loading', waiting: shown };
  const settled = state.status !== 'loading';
  useEffect(() => onLoaded(category.id, { products, settled }), [category.id, products, settled, onLoaded]);
  return (
    <div data-category={category.id}>
      <CategorySection id={categorySection(category.id)} category={category} state={state} />
    </div>
  );
});

/**
 * Marks the categories whose section is within a screen of the viewport, for loading on demand, and
 * lets a chip's tap mark its category at once (the diner asked for it, wherever the scroll ends).
 */
function useNearSections(active: boolean, count: number): [ReadonlySet<number>, (ids: readonly number[]) => void] {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const markNear = useCallback((ids: readonly number[]) => {
    if (ids.length) setNear((prev) => (ids.every((id) => prev.has(id)) ? prev : new Set([...prev, ...ids])));
  }, []);
  useEffect(() => {
    if (!active) return;
    // Scrolled near, not asked for: rendered in slices, a tap goes first.
    const observer = new IntersectionObserver(
      (entries) =>
        startTransition(() => markNear(entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.category)))),
      { rootMargin: '100% 0px' },
    );
    for (const el of document.querySelectorAll('[data-category]')) observer.observe(el);
    return () => observer.disconnect();
  }, [active, count, markNear]);
  return [near, markNear];
}

function declarationsOf(products: readonly Product[]): Declaration[] {
  const byCode = new Map<string, Declaration>();
  for (const p of products) for (const d of [...p.allergens, ...p.additives]) byCode.set(d.code, d);
  // Allergens (letters) first, then additives (numbers), each in order.
  const isNumber = (d: Declaration) => Number(/^\d/.test(d.code));
  return [...byCode.values()].sort((a, b) => isNumber(a) - isNumber(b) || a.code.localeCompare(b.code, undefined, { numeric: true }));
}

/**
 * The whole menu on one scrolling page: a search, the sticky category bar following the scroll, every
 * category's dishes in order, the legend of the codes, and the galleries last.
 */
export function WholeMenu({ arrivalSection }: { arrivalSection: string | null }) {
  const { t } = useLingui();
  const lang = useLang();
  const queryClient = useQueryClient();
  const online = useOnline();
  const categoryList = useQuery(catalogQueries.categories(lang)).data;
  const categories: Category[] = categoryList ?? NONE;
  const menus = useQuery(catalogQueries.menus(lang)).data ?? NONE;
  // A new restaurant (SEED=none) before its owner adds dishes: a friendly word, not an empty page.
  const comingSoon = categoryList?.length === 0 && menus.length === 0;
  const [query, setQuery] = useState('');
  const searching = query.trim().length > 0;
  const lazy = savesData() && !searching;
  // The first screen first (decisions 037, 044): the first category and a linked one (with every
  // category above it, which the landing waits for) at once; the others when they come within a
  // screen of the viewport, each in a transition. Their dishes are all asked for at the first idle
  // moment, for the search and for offline use: the network does not wait for the scroll.
  const afterIdle = useAfterFirstIdle();
  const [near, markNear] = useNearSections(!searching, categories.length);
  const firstId = categories[0]?.id;
  const arrivalIndex = categories.findIndex((c) => categorySection(c.id) === arrivalSection);
  const wanted = (id: number, index: number) => searching || near.has(id) || id === firstId || index <= arrivalIndex;
  const [loaded, setLoaded] = useState<ReadonlyMap<number, Loaded>>(() => new Map());
  const onLoaded = useCallback((id: number, next: Loaded) => {
    setLoaded((prev) => {
      const old = prev.get(id);
      if (old && old.products === next.products && old.settled === next.settled) return prev;
      return new Map(prev).set(id, next);
    });
  }, []);
  const products = useMemo(() => categories.flatMap((c) => loaded.get(c.id)?.products ?? []), [categories, loaded]);
  useEffect(() => primeProducts(queryClient, lang, products), [queryClient, lang, products]);

  const entries: BarEntry[] = [
    ...(menus.length ? [{ id: MENUS_SECTION, label: t`Menus`, href: '/?menus=true' }] : []),
    ...categories.map((c) => ({ id: categorySection(c.id), label: c.name, href: `/?category=${c.id}` })),
  ];
  const bar = useRef<HTMLElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const { active, jump } = useScrollSpy(searching ? [] : entries.map((e) => e.id), bar);

  // A link to one category (`?category=`) lands on it once it and everything above it are shown.
  const arrived = useRef(arrivalSection === null);
  const known = entries.some((e) => e.id === arrivalSection);
  const aboveSettled = categories.slice(0, arrivalIndex + 1).every((c) => loaded.get(c.id)?.settled === true);
  useEffect(() => {
    if (arrived.current || !arrivalSection || !known || !aboveSettled) return;
    // After the router's own scroll handling of the new page, which runs once this render is done.
    const frame = requestAnimationFrame(() => {
      arrived.current = true;
      jump(arrivalSection, { instant: true, focus: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [arrivalSection, known, aboveSettled, jump]);

  const result = useMemo(() => searchMenu(query, products, menus), [query, products, menus]);
  return (
    <div className="whole-menu">
      <div className="container">
        <h1 className="visually-hidden">{t`Our menu`}</h1>
        <div className="menu-tools">
          <MenuSearchField value={query} onChange={setQuery} inputRef={searchField} />
          <FilterButton />
        </div>
      </div>
      {searching ? (
        <div className="container">
          <MenuSearchResults query={query} result={result} incomplete={categories.some((c) => !loaded.get(c.id)?.products)} />
        </div>
      ) : (
        <CategoryBar
          entries={entries}
          active={active}
          onJump={(id) => {
            // The target and every section above it: the page scrolls past them, and the landing is
            // right only once they hold their dishes (a fast jump can pass one before it is seen).
            const target = categories.findIndex((c) => categorySection(c.id) === id);
            markNear(categories.slice(0, target + 1).map((c) => c.id));
            jump(id);
          }}
          barRef={bar}
          onSearch={() => {
            const input = searchField.current;
            input?.scrollIntoView({ block: 'center' });
            input?.focus({ preventScroll: true });
          }}
        />
      )}
      {/* Kept mounted while searching, so every category keeps loading for the search. */}
      <div className="container" hidden={searching}>
        {comingSoon ? <p className="menu-soon" role="status">{t`Our menu is coming soon. Please check back shortly.`}</p> : null}
        {menus.length ? <MemoMenusSection id={MENUS_SECTION} menus={menus} /> : null}
        {categories.map((c, index) => (
          <CategoryBlock
            key={c.id}
            category={c}
            enabled={wanted(c.id, index) || (afterIdle && !lazy)}
            shown={wanted(c.id, index)}
            online={online}
            onLoaded={onLoaded}
          />
        ))}
        <DeclarationLegend declarations={declarationsOf(products)} />
      </div>
      <div className="container">
        <MenuGallery categories={categories} />
      </div>
    </div>
  );
}
