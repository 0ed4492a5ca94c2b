import type { SeedRestaurant } from '../types';
import { burgers } from './categories/burgers';
import { desserts } from './categories/desserts';
import { drinks } from './categories/drinks';
import { mains } from './categories/mains';
import { pizzaCategory } from './categories/pizza';
import { sides } from './categories/sides';
import { soupsSalads } from './categories/soups-salads';
import { starters } from './categories/starters';
import { additives, allergens } from './declarations';
import { menus } from './menus';
import { areas, tables, taxes, workingHours } from './operations';
import { pages } from './pages';
import { settings } from './settings';
import { translations } from './translations';

/** The demo restaurant: Gasthaus Lindenhof, Hamburg. */
export const restaurant: SeedRestaurant = {
  // Every language the interface speaks, each in its own name; the demo menu is translated into all.
  languages: [
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
    { code: 'nl', name: 'Nederlands' },
    { code: 'fr', name: 'Français' },
    { code: 'ru', name: 'Русский' },
    { code: 'uk', name: 'Українська' },
    { code: 'fi', name: 'Suomi' },
    { code: 'th', name: 'ไทย' },
    { code: 'sr', name: 'Srpski' },
    { code: 'tr', name: 'Türkçe' },
    { code: 'ar', name: 'العربية' },
    { code: 'ka', name: 'ქართული' },
  ],
  allergens,
  additives,
  categories: [starters, soupsSalads, pizzaCategory, burgers, mains, sides, desserts, drinks],
  menus,
  settings,
  pages,
  workingHours,
  taxes,
  areas,
  tables,
  translations,
};
