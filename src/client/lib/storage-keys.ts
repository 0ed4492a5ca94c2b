/** Storage keys of spec §9: cart, lang, token (local storage); table (session storage). */
export const STORAGE_KEYS = {
  lang: 'lang',
  token: 'token',
  table: 'table',
  /** The persisted TanStack Query cache (catalog data for offline starts). */
  queryCache: 'query-cache',
  /** Content pages already shown as a popup this session. */
  popupSeen: 'popup-seen',
  /** The chosen branch as `{ name, url, hub }` (spec §4: stored locally, then the site reloads; decision 017). */
  branch: 'branch',
  /** Which catalog version of the whole menu is saved for offline use, per language. */
  offlineMenu: 'offline-menu',
  /** Which catalog version the kept menu in the query cache was fetched at, per language (decision 038). */
  catalogVersion: 'catalog-version',
  /** The checkout form's entries until an order is placed (session storage, docs/decisions/006). */
  checkoutDraft: 'checkout-draft',
  /** The operator's wording per language (`translations-de`), for offline starts. */
  translations: 'translations',
  /** The strict allergen filter: what this diner avoids, hide or mark, share with the kitchen (decision 054). */
  allergenFilter: 'allergen-filter',
  /** Set by a sign-out: the next social sign-in on this device must ask the provider who it is (decision 010). */
  socialSignedOut: 'social-signed-out',
} as const;
