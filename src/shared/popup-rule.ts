/**
 * Spec §2: a content page marked as popup opens by itself once per session. It greets an ordinary
 * visit to the home page only: a diner who scanned a table's code, comes back from a payment, or
 * follows a link to a page or a dish came for something else, and one dialog at a time is enough.
 * The browser decides with what its session has seen; the server, rendering the page (decision
 * 045), with the session's cookie.
 */
export interface HomeVisit {
  /** What the URL brought when the diner arrived on the home page. */
  arrival: { table?: string; payment?: string; sess?: string };
  /** What the URL asks for now: an open content page, dish or combo menu. */
  search: { page?: number; product?: number; menu?: number };
  /** A table session is running on this device. */
  atTable: boolean;
  /** A modal dialog is already open (the login-or-guest question, a dish, the cart). */
  dialogOpen: boolean;
  /** The "We are closed" notice is being shown on this visit. */
  closedNotice: boolean;
}

/** The popup page to open on this visit, or null. */
export function popupToOpen(pages: readonly { id: number; isPopup: boolean }[], seen: readonly number[], visit: HomeVisit): number | null {
  const { arrival, search } = visit;
  if (arrival.table || arrival.payment || arrival.sess) return null;
  if (search.page !== undefined || search.product !== undefined || search.menu !== undefined) return null;
  if (visit.atTable || visit.dialogOpen || visit.closedNotice) return null;
  const popup = pages.find((p) => p.isPopup && !seen.includes(p.id));
  return popup ? popup.id : null;
}
