import { useLingui } from '@lingui/react/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CartBar, cart } from '../features/cart';
import { catalogQueries, useLang } from '../features/catalog';
import { closedNoticeBeforeRender, hideLoader, markPopupSeen, popupFromServer, popupToOpen, pushToast, seenPopups, showLoader, useClosedNotice } from '../features/layout';
import { loadPaymentReturn } from '../features/outbox';
import { currentTableSession, greetAtTable, startTableSession } from '../features/table';
import { categorySection, MENUS_SECTION, WholeMenu } from '../features/menu';
import { i18n } from '../lib/i18n';
import { answeredThisVisit } from '../lib/answered-this-visit';
import { tryEnsure } from '../lib/try-ensure';
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


/** What the first screen needs: the category bar, the menus, and the dishes of the first category (or the linked one). */
async function loadFirstScreen(queryClient: QueryClient, lang: string, search: { category?: number }) {
  const [categories] = await Promise.all([
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categories(lang))),
    tryEnsure(() => queryClient.ensureQueryData(catalogQueries.menus(lang))),
  ]);
  const first = categories?.[0]?.id;
  const wanted = [...new Set([first, search.category].filter((id): id is number => id !== undefined))];
  await Promise.all(wanted.map((id) => tryEnsure(() => queryClient.ensureQueryData(catalogQueries.categoryProducts(lang, id)))));
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
  // Home guards of spec §2, in order: the branch choice (the root route's, for every route), then the restaurant being active.
  beforeLoad: async ({ context }) => {
    const hours = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.workingHours()));
    if (hours && !hours.meta.isActive) throw redirect({ to: '/unavailable' });
  },
  // A table's session that came with the page is taken before the router loads (decision 049).
  loaderDeps: ({ search }) => ({ category: search.category }),
  loader: async ({ context, deps, preload }) => {
    // A link to the menu is preloaded on hover or touch: the notice waits until the menu is entered.
    if (!preload) closedNoticeBeforeRender(context.queryClient);
    return loadFirstScreen(context.queryClient, i18n.locale, deps);
  },
  component: Home,
});

/**
 * The popup page, decided once per visit to the home page when the pages and the opening hours
 * are known: only on an ordinary visit and never over another dialog or the closed notice.
 */
function usePopupPage(search: HomeSearch, closedNotice: { readonly current: boolean }) {
  const navigate = useNavigate({ from: '/' });
  const lang = useLang();
  const pages = useQuery(catalogQueries.pages(lang));
  const hours = useQuery(catalogQueries.workingHours());
  // The QR code's or the payment provider's parameters leave the URL once handled: remember them.
  const [arrival] = useState(() => ({ table: search.table, payment: search.payment, sess: search.sess }));
  const decided = useRef(false);
  // Like the closed notice, it waits for this visit's answer about the hours, not the copy kept from the last one.
  const ready = pages.status !== 'pending' && hours.status !== 'pending' && answeredThisVisit(hours);
  useEffect(() => {
    if (decided.current || !ready) return;
    decided.current = true;
    // The server's render opened this visit's popup (decision 045): it is on the page already.
    if (popupFromServer() !== null) {
      document.documentElement.dataset.greeting = 'popup';
      return;
    }
    // The menu renders before the device's records are read (decision 038): a diner seated at a
    // table who reloads the menu is not greeted as a new visitor.
    void currentTableSession().then((session) => {
      // The closed notice took this session's greeting: the popup does not come later instead (on a reload mid-order).
      // Said on the page, so a test (and an embedding kiosk) knows whether a greeting is coming.
      const greeting = (kind: 'closed' | 'popup' | 'none') => (document.documentElement.dataset.greeting = kind);
      if (closedNotice.current) {
        for (const page of pages.data ?? []) if (page.isPopup) markPopupSeen(page.id);
        greeting('closed');
        return;
      }
      const id = popupToOpen(pages.data ?? [], seenPopups(), {
        arrival,
        search,
        atTable: session !== null,
        dialogOpen: document.querySelector('dialog[open]') !== null,
        closedNotice: closedNotice.current,
      });
      greeting(id === null ? 'none' : 'popup');
      if (id === null) return;
      markPopupSeen(id);
      void navigate({ to: '.', search: (prev) => ({ ...prev, page: id }), replace: true });
    });
  }, [ready, pages.data, arrival, search, closedNotice, navigate]);
}

const handledArrivals = new Set<string>();

/**
 * What a scanned QR code or a payment provider brings in the URL (spec §2 home query): a table
 * code starts a table session; `payment` and `sess` are checked with the server, never trusted.
 */
function useArrival(search: HomeSearch) {
  const { t } = useLingui();
  const navigate = useNavigate({ from: '/' });
  const { table, payment, sess } = search;
  useEffect(() => {
    if (!table || handledArrivals.has(`table:${table}`)) return;
    handledArrivals.add(`table:${table}`);
    const forget = () => void navigate({ search: (prev) => ({ ...prev, table: undefined }), replace: true });
    void startTableSession(table).then((result) => {
      if (result.ok) {
        greetAtTable(result.session.name);
        forget();
      } else if (result.reason === 'unknown') {
        pushToast({ tone: 'error', title: t`This table code is not valid`, body: t`Please scan the QR code on your table again, or ask our staff.` }, 8000);
        forget();
      } else {
        // Kept in the URL: a reload once the network is back starts the session.
        handledArrivals.delete(`table:${table}`);
        pushToast({ tone: 'error', title: t`You are offline`, body: t`Connect to the internet to start ordering at this table.` }, 8000);
      }
    });
  }, [table, navigate, t]);

  useEffect(() => {
    if (!payment || !sess || handledArrivals.has(`pay:${sess}`)) return;
    handledArrivals.add(`pay:${sess}`);
    showLoader();
    void loadPaymentReturn()
      .then((m) => m.checkPaymentReturn(payment, sess))
      .then((result) => {
        hideLoader();
        const clear = () => void navigate({ search: (prev) => ({ ...prev, payment: undefined, sess: undefined }), replace: true });
        switch (result.kind) {
          case 'paid':
            // The payment is in; whether the order is confirmed is the restaurant's call, as the order page's badge says.
            pushToast(
              {
                tone: 'success',
                title: t`Payment received`,
                body:
                  result.status === 'approved' || result.status === 'completed'
                    ? t`The restaurant has confirmed your order.`
                    : t`The restaurant will confirm your order shortly.`,
              },
              6000,
            );
            if (result.accessKey) {
              void navigate({ to: '/orders/$code', params: { code: result.code }, search: { key: result.accessKey, state: 'new' }, replace: true });
            } else clear();
            return;
          case 'pending':
            pushToast({ tone: 'info', title: t`Your payment is not finished yet`, body: t`Complete it on the payment page, or choose another way to pay.` }, 8000);
            clear();
            return;
          case 'failed':
            pushToast({ tone: 'error', title: t`There is a problem with your payment. Please try again` }, 8000);
            // Back to the checkout, where the diner's entries wait for the next try.
            if (cart.lines.length) void navigate({ to: '/checkout', replace: true });
            else clear();
            return;
          case 'offline':
            handledArrivals.delete(`pay:${sess}`);
            pushToast({ tone: 'error', title: t`We could not check your payment`, body: t`Please reload this page when you are back online.` }, 8000);
        }
      });
  }, [payment, sess, navigate, t]);
}

// The sheets load when a diner opens one, not with the first screen.
const ProductCustomise = lazy(() => import('../features/customise').then((m) => ({ default: m.ProductCustomise })));
const MenuCustomise = lazy(() => import('../features/customise').then((m) => ({ default: m.MenuCustomise })));

function Home() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/' });
  useArrival(search);
  const lang = useLang();
  const menus = useQuery(catalogQueries.menus(lang)).data ?? [];
  const closedNotice = useClosedNotice();
  usePopupPage(search, closedNotice);
  // Where a shared link (`?category=`, `?menus`) points, read once: later changes come from the sheets.
  const [arrivalSection] = useState(() =>
    search.category ? categorySection(search.category) : search.menus ? MENUS_SECTION : null,
  );

  const productQuery = useQuery({
    ...catalogQueries.product(lang, search.category ?? 0, search.product ?? 0),
    enabled: search.product !== undefined && search.category !== undefined,
  });
  const menuFromList = menus.find((m) => m.id === search.menu);
  const menuQuery = useQuery({ ...catalogQueries.menu(lang, search.menu ?? 0), enabled: search.menu !== undefined && !menuFromList });
  const openMenu = menuFromList ?? menuQuery.data;

  const closeModal = () =>
    void navigate({ search: (prev) => ({ ...prev, product: undefined, menu: undefined }), replace: false, resetScroll: false });

  return (
    <div className="home">
      <WholeMenu arrivalSection={arrivalSection} />
      <CartBar />
      <Suspense fallback={null}>
        {productQuery.data ? <ProductCustomise key={`${lang}-${productQuery.data.id}`} product={productQuery.data} onClose={closeModal} /> : null}
        {openMenu ? <MenuCustomise key={`${lang}-${openMenu.id}`} menu={openMenu} onClose={closeModal} /> : null}
      </Suspense>
    </div>
  );
}
