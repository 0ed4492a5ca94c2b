import { text, type SettingsMap } from './settings';

/**
 * The country a phone number without a country code is read in: the restaurant's COUNTRY
 * setting (two letters), else the region of the diner's language tag (de-AT → AT), else Germany.
 */
export function phoneCountryOf(map: SettingsMap, locale = ''): string {
  const own = text(map, 'COUNTRY').trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(own)) return own;
  const region = /[-_]([A-Za-z]{2})$/.exec(locale)?.[1];
  return region ? region.toUpperCase() : 'DE';
}
