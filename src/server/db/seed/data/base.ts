import type { SeedRestaurant } from '../types';
import { additives, allergens } from './declarations';
import { taxes } from './operations';
import { settings as demoSettings } from './settings';

/**
 * What an empty restaurant needs before its owner sets it up (SEED=none): the languages, the VAT
 * classes, the EU allergens and the German additives, and settings that let the storefront render
 * (a placeholder name, no way to order yet). No menu, pages, hours, areas or tables: the owner
 * adds those in the back office.
 */
const OWN_VALUES: Record<string, unknown> = {
  SITE_TITLE: 'Mein Restaurant',
  FONT_FAMILY: 'system',
  FONT_SIZE: '16px',
  COUNTRY: 'de',
  CURRENCY: 'EUR',
  TIMEZONE: 'Europe/Berlin',
  LOADER_STYLE: 'logo',
  // Open for visitors, so the "menu coming soon" page shows rather than /unavailable.
  RESTAURANT_ACTIVE: '1',
  // Once ordering is switched on, these are the defaults a restaurant usually wants.
  ALLOW_GUEST_CHECKOUT: '1',
  ALLOW_REGISTRATION: '1',
  TIP_PERCENTS: '5,10,15',
  LOYALTY_EARN_PERCENT: '5',
  RESERVATION_MIN_NOTICE_MINUTES: '120',
  RESERVATION_MAX_GUESTS: '8',
};

export const baseRestaurant: SeedRestaurant = {
  languages: [
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
  ],
  allergens,
  additives,
  categories: [],
  menus: [],
  // Every key once, so the settings screen and the operator API find each of them; ordering, delivery and reservations off.
  settings: demoSettings.map(({ key }) => ({ key, value: OWN_VALUES[key] ?? (key === 'RESTAURANT_COORDINATES' || key === 'TERMS_AND_CONDITIONS' || key === 'PRIVACY_POLICY' ? null : '') })),
  pages: [],
  workingHours: [],
  taxes,
  areas: [],
  tables: [],
  translations: {},
};
