import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { posterUrl } from '../../shared/contract/catalog';
import { isOn, settingsMap, text } from '../../shared/contract/settings';
import { catalogQueries, primeProducts, useLang, useSettings } from '../features/catalog';
import { MenuCustomise, ProductCustomise } from '../features/customise';
import { pushToast } from '../features/layout';
import { CategorySlider, CategoryView, MenusView, type Selection } from '../features/menu';
import { i18n } from '../lib/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { flag, positiveInt, shortText } from '../lib/search';

interface HomeSearch {
  category?: number;
  menus?: true;
  product?: number;
  menu?: number;
  table?: string;
  payment?: string;
  sess?: string;
}

/** Reads cached data first; offline with nothing cached, the guard lets the diner in rather than locking them out. */
async function tryEnsure<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch {
    return undefined;
  }
}

async function loadSelection(queryClient: QueryClient, lang: string, search: HomeSearch) {
  const [categories, menus] = await Promise.all([
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categories(lang))),
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.menus(lang))),
  ]);
  const categoryId = search.category ?? (!search.menus && !menus?.length ? categories?.[0]?.id : undefined);
  if (categoryId) {
    const list = await tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categoryProducts(lang, categoryId)));
    if (list) primeProducts(queryClient, lang, list.data);
  }
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    const out: HomeSearch = {};
    const category = positiveInt(search.category);
    const product = positiveInt(search.product);
    const menu = positiveInt(search.menu);
    if (category) out.category = category;
    if (flag(search.menus)) out.menus = true;
    if (product && category) out.product = product;
    if (menu) out.menu = menu;
    const table = shortText(search.table);
    if (table) out.table = table;
    const payment = shortText(search.payment);
    if (payment) out.payment = payment;
    const sess = shortText(search.sess, 200);
    if (sess) out.sess = sess;
    return out;
  },
  // Home guards of spec §2, in order: branch choice, then the restaurant being active.
  beforeLoad: async ({ context }) => {
    const lang = i18n.locale;
    const raw = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.settings(lang)));
    if (raw && isOn(settingsMap(raw), 'BRANCHES_ENABLED') && !localStorage.getItem(STORAGE_KEYS.branch)) {
      throw redirect({ to: '/select-branch' });
    }
    const hours = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.workingHours()));
    if (hours && !hours.meta.isActive) throw redirect({ to: '/unavailable' });
  },
  loaderDeps: ({ search }) => ({ category: search.category, menus: search.menus }),
  loader: ({ context, deps }) => loadSelection(context.queryClient, i18n.locale, deps),
  component: Home,
});

const CLOSED_NOTICE_KEY = 'closed-notice-seen';

function useClosedNotice() {
  const { t, i18n: lingui } = useLingui();
  const hours = useQuery(catalogQueries.workingHours()).data;
  const timeZone = text(useSettings(), 'TIMEZONE') || 'Europe/Berlin';
  useEffect(() => {
    if (!hours || !hours.meta.isActive || hours.meta.isOpenNow) return;
    if (sessionStorage.getItem(CLOSED_NOTICE_KEY)) return;
    sessionStorage.setItem(CLOSED_NOTICE_KEY, '1');
    const next = hours.meta.nextOpen
      ? new Intl.DateTimeFormat(lingui.locale, { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(hours.meta.nextOpen))
      : '';
    pushToast(
      {
        tone: 'info',
        title: t`We are closed`,
        body: next
          ? t`The restaurant is out of working hours. Only a future order is possible; the earliest date is ${next}.`
          : t`The restaurant is out of working hours. Only a future order is possible.`,
      },
      8000,
    );
  }, [hours, t, lingui.locale, timeZone]);
}

function Home() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  const lang = useLang();
  const queryClient = useQueryClient();
  const categories = useQuery(catalogQueries.categories(lang)).data ?? [];
  const menus = useQuery(catalogQueries.menus(lang)).data ?? [];
  useClosedNotice();

  const selection: Selection | null = search.menus
    ? { kind: 'menus' }
    : search.category
      ? { kind: 'category', id: search.category }
      : menus.length
        ? { kind: 'menus' }
        : categories[0]
          ? { kind: 'category', id: categories[0].id }
          : null;
  const categoryId = selection?.kind === 'category' ? selection.id : undefined;
  const list = useQuery({ ...catalogQueries.categoryProducts(lang, categoryId ?? 0), enabled: categoryId !== undefined });
  useEffect(() => {
    if (list.data) primeProducts(queryClient, lang, list.data.data);
  }, [list.data, queryClient, lang]);

  const productQuery = useQuery({
    ...catalogQueries.product(lang, search.category ?? 0, search.product ?? 0),
    enabled: search.product !== undefined && search.category !== undefined,
  });
  const menuFromList = menus.find((m) => m.id === search.menu);
  const menuQuery = useQuery({ ...catalogQueries.menu(lang, search.menu ?? 0), enabled: search.menu !== undefined && !menuFromList });
  const openMenu = menuFromList ?? menuQuery.data;

  const closeModal = () =>
    void navigate({ search: (prev) => ({ ...prev, product: undefined, menu: undefined }), replace: false, resetScroll: false });

  const menusPoster = menus.find((m) => m.hasPoster);
  return (
    <div className="home">
      <div className="container">
        <CategorySlider
          categories={categories}
          hasMenus={menus.length > 0}
          menusPoster={menusPoster ? posterUrl(menusPoster, 'circle') : null}
          selection={selection}
        />
        {selection?.kind === 'menus' ? <MenusView menus={menus} /> : null}
        {selection?.kind === 'category' && list.data ? (
          <CategoryView category={list.data.meta.category.data} products={list.data.data} />
        ) : null}
        {selection?.kind === 'category' && list.isError && !list.data ? <LoadError /> : null}
      </div>
      {productQuery.data ? <ProductCustomise key={`${lang}-${productQuery.data.id}`} product={productQuery.data} onClose={closeModal} /> : null}
      {openMenu ? <MenuCustomise key={`${lang}-${openMenu.id}`} menu={openMenu} onClose={closeModal} /> : null}
    </div>
  );
}

function LoadError() {
  const { t } = useLingui();
  return (
    <p className="load-error" role="alert">
      {t`This part of the menu could not be loaded. Check your connection and try again.`}
    </p>
  );
}
