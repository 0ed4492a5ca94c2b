/**
 * The payment return's code loads only when a diner comes back from a provider. Kept out of the
 * feature's index: an index that does more than re-export counts whole for the first page's
 * chunks (scripts/lib/first-page-graph.ts), which pulled the checkout's outbox panel into it.
 */
export const loadPaymentReturn = () => import('./payment-return');
