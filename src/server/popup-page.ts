/**
 * The session's popup page, opened by the server's render of the home page (decision 045), so it
 * is in the first paint rather than laid over the menu once the scripts have run. The rule is the
 * browser's (`shared/popup-rule.ts`); what the session has seen is a session cookie, as the splash's
 * and the closed notice's are. Any URL that brings something of its own (a table, a payment, a page
 * or a dish) is left to the browser, which knows how it reads it.
 */
import type { Page } from '../shared/contract/catalog';
import type { FirstScreen } from '../shared/contract/first-screen';
import { popupToOpen } from '../shared/popup-rule';

export const POPUP_SEEN_COOKIE = 'popup-seen';
/**
 * Set by a table's QR arrival: the device keeps its table in IndexedDB, which the server cannot
 * read, and a table diner never gets the popup page (spec: the table greeting takes its place).
 */
export const TABLE_ARRIVAL_COOKIE = 'table-arrival';

const OWN_ERRANDS = ['table', 'payment', 'sess', 'page', 'product', 'menu'];

/** The popup pages this session has seen, as the cookie lists them. */
export function seenInCookie(cookie: string | undefined): number[] {
  return (cookie ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

export interface HomeSession {
  /** The popup pages it has seen (`seenInCookie`). */
  seen: readonly number[];
  /** The closed notice greets it on this page. */
  closedNotice: boolean;
  /** It arrived by a table's QR code. */
  atTable: boolean;
}

/** The popup page the home page opens for this request, or null. */
export function popupForHome(screen: FirstScreen, query: URLSearchParams, { seen, closedNotice, atTable }: HomeSession): number | null {
  if (atTable || OWN_ERRANDS.some((key) => query.has(key))) return null;
  const pages = (screen.answers['/pages'] as { data?: Page[] } | undefined)?.data;
  if (!Array.isArray(pages)) return null;
  return popupToOpen(pages, seen, { arrival: {}, search: {}, atTable: false, dialogOpen: false, closedNotice });
}
