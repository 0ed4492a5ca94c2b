import type { SeedRestaurant } from '../types';

/** Server-provided UI strings keyed by their original English wording. */
const german: Record<string, string> = {
  'We are closed': 'Wir haben geschlossen',
  'We are open': 'Wir haben geöffnet',
  'Opens again at': 'Wir öffnen wieder um',
  Menus: 'Menüs',
  Categories: 'Kategorien',
  'Opening hours': 'Öffnungszeiten',
  'Delivery areas': 'Liefergebiete',
  'Minimum order': 'Mindestbestellwert',
  'Free delivery from': 'Kostenlose Lieferung ab',
  'Order at your table': 'Am Tisch bestellen',
  'Daily specials': 'Tagesempfehlungen',
};

export const translations: SeedRestaurant['translations'] = {
  de: german,
  en: Object.fromEntries(Object.keys(german).map((key) => [key, key])),
};
