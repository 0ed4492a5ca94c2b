import type { TableSessionGrant } from './order';

/**
 * The catalog answers the server writes into the page (decision 028): exactly what the first
 * route's loaders would otherwise ask `/api` for, so no API round trip stands before the first
 * render. Keyed by API path (without `/api`); each value is that call's whole JSON body.
 */
export interface FirstScreen {
  /** The language the answers are in (the page's `lang`); a client in another language ignores them. */
  lang: string;
  answers: Record<string, unknown>;
  /**
   * The catalog version (`GET /products/version`) in the page's language, read before the answers:
   * a device whose kept menu has another version asks again past every cache (decision 038).
   */
  catalogVersion?: string;
  /**
   * A table's QR arrival (`/?table=CODE`): the session the server started for the code, as
   * `GET /tables/{code}` answers it, with the code as the URL gave it. The browser takes it up
   * instead of asking, and the server's render shows the table (decision 047). Only in the page
   * it was made for: never in a screen the server keeps for other pages.
   */
  table?: { requested: string; grant: TableSessionGrant };
}

/** The id of the `<script type="application/json">` that carries it. */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * What every storefront page reads before it renders (the root route and `ensureStartupData`), and
 * what the menu marks as sold out or paused right now.
 */
const EVERY_PAGE = ['/settings', '/pages', '/languages', '/working-hours', '/availability'];

/** Answers that change without the catalog changing (the clock, the service's sold-out switches): asked for every page. */
export const PER_PAGE_PATHS: readonly string[] = ['/working-hours', '/availability'];

/**
 * The calls a page's loaders make before it shows, by page: the menu's category bar, menus and
 * first (or linked) category; the checkout's delivery areas, taxes and ways to pay.
 */
export function firstScreenPaths(pathname: string, category: number | null): { calls: string[]; firstCategory: boolean } {
  if (pathname === '/') {
    const calls = [...EVERY_PAGE, '/products/categories', '/products/menus'];
    if (category !== null) calls.push(`/products/categories/${category}/products`);
    return { calls, firstCategory: true };
  }
  if (pathname === '/checkout') return { calls: [...EVERY_PAGE, '/areas', '/taxes', '/checkout/payment-providers'], firstCategory: false };
  return { calls: EVERY_PAGE, firstCategory: false };
}

const serialized = new WeakMap<FirstScreen, string>();

/**
 * Written into a `<script>`: `<` escaped, so no text in the catalog can close the element.
 * The server hands the same screen object to every page while nothing in it changed (decision
 * 033), so its text is made once per object; a screen is never changed once serialized.
 */
export function serializeFirstScreen(screen: FirstScreen): string {
  let text = serialized.get(screen);
  if (text === undefined) {
    text = JSON.stringify(screen).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    serialized.set(screen, text);
  }
  return text;
}
