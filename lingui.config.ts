import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The order page: a first visit of the menu never shows it, so its strings are a catalog of their own. */
const ORDER_PAGE = [
  'src/client/routes/orders.$code.tsx',
  'src/client/routes/me.my-orders.$code.tsx',
  'src/client/features/orders/OrderDetail.tsx',
  'src/client/features/orders/OrderTracker.tsx',
  'src/client/features/orders/OrderPlace.tsx',
  'src/client/features/orders/CurbsideArrival.tsx',
];

/** The in-app QR scanner's dialog: loaded when a diner opens it, with its strings. */
const SCANNER = ['src/client/features/scanner/ScanDialog.tsx'];

/** The phone field's country list and note: loaded with the numbering plan when a phone field shows. */
const PHONE = ['src/client/features/phone/phone-kit.tsx'];

/** The reservation modal: loaded when a diner opens it, with its strings. */
const RESERVATION = ['src/client/features/reservation/ReservationDialog.tsx'];

/** The allergen filter's dialog: loaded when a diner opens it, with its strings (decision 054). */
const ALLERGEN_FILTER = ['src/client/features/allergen-filter/FilterDialog.tsx'];

/** The table's page: its tab, calls and payments load with its route (decision 055). */
const TABLE_PAGE = ['src/client/routes/table.tsx', 'src/client/features/table/tab'];

/** The branch chooser: only diners of a restaurant with branches ever see it (decision 017). */
const BRANCH_CHOOSER = ['src/client/routes/select-branch.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'nl', 'fr', 'ru', 'uk', 'fi', 'th', 'sr', 'tr', 'ar', 'ka'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}/messages',
      include: ['src/client', 'src/shared/i18n/validation-texts.ts', 'src/shared/i18n/order-status-texts.ts', 'src/shared/i18n/closed-notice-texts.ts'],
      exclude: ['**/routeTree.gen.ts', '**/locales/**', 'src/client/staff/**', 'src/client/features/contact/**', ...ORDER_PAGE, ...SCANNER, ...PHONE, ...RESERVATION, ...ALLERGEN_FILTER, ...BRANCH_CHOOSER, 'src/client/features/checkout/**', 'src/client/features/addresses/**', 'src/client/routes/table.tsx', 'src/client/features/table/tab/**'],
    },
    {
      // The order page's strings load with its route (features/orders/messages.ts), not with the first page.
      path: '<rootDir>/src/client/features/orders/locales/{locale}/messages',
      include: ORDER_PAGE,
      exclude: ['**/locales/**'],
    },
    {
      // The contact form's strings load with the contact route (features/contact/messages.ts).
      path: '<rootDir>/src/client/features/contact/locales/{locale}/messages',
      include: ['src/client/features/contact'],
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/scanner/locales/{locale}/messages',
      include: SCANNER,
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/phone/locales/{locale}/messages',
      include: PHONE,
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/reservation/locales/{locale}/messages',
      include: RESERVATION,
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/allergen-filter/locales/{locale}/messages',
      include: ALLERGEN_FILTER,
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/table/tab/locales/{locale}/messages',
      include: TABLE_PAGE,
      exclude: ['**/locales/**'],
    },
    {
      // The checkout's form and the address forms load with a cart or an address page, never with a
      // first visit's menu: their strings load with them (features/checkout/messages.ts, decision 062).
      path: '<rootDir>/src/client/features/checkout/locales/{locale}/messages',
      include: ['src/client/features/checkout'],
      exclude: ['**/locales/**'],
    },
    {
      path: '<rootDir>/src/client/features/addresses/locales/{locale}/messages',
      include: ['src/client/features/addresses'],
      exclude: ['**/locales/**'],
    },
    {
      // The branch chooser's strings load with its route (features/branches/messages.ts).
      path: '<rootDir>/src/client/features/branches/locales/{locale}/messages',
      include: BRANCH_CHOOSER,
      exclude: ['**/locales/**'],
    },
    {
      // The staff side's strings stay out of the diner's catalog (and so out of the diner's download).
      path: '<rootDir>/src/client/staff/locales/{locale}/messages',
      include: ['src/client/staff', 'src/client/ui/money.ts', 'src/client/features/customise/choice-state.ts', 'src/client/lib/validation-messages.ts', 'src/shared/i18n/validation-texts.ts'],
      exclude: ['**/locales/**'],
    },
    {
      // The server's words (422 messages, statuses, e-mails): explicit ids, read at start by server/i18n/catalogs.ts.
      path: '<rootDir>/src/server/locales/{locale}/messages',
      include: ['src/server', 'src/shared/i18n/validation-texts.ts', 'src/shared/i18n/order-status-texts.ts', 'src/shared/i18n/closed-notice-texts.ts'],
      exclude: ['**/locales/**'],
    },
  ],
  // Files without line numbers: moving code does not rewrite twelve languages' catalogs.
  format: formatter({ lineNumbers: false }),
});
