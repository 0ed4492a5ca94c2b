import { toCents, type Cents } from './money';

/** The largest amount an editor field takes, in cents: no dish or delivery fee comes near it. */
export const EURO_TEXT_MAX_CENTS = 1_000_000;

/**
 * An amount as an owner types it ("2,50", "2.5", "12", "1.234,50") → whole cents, or null when it
 * is not an amount from 0 up to EURO_TEXT_MAX_CENTS with at most two decimals.
 */
export function parseEuroText(raw: string): Cents | null {
  const value = raw.trim().replace(/[\s€]/g, '');
  // With a comma, dots group thousands ("1.234,50"); without one, "1.234" is a thousand too, and "2.5" a decimal.
  const normalised = value.includes(',')
    ? /^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(value)
      ? value.replace(/\./g, '').replace(',', '.')
      : ''
    : /^\d{1,3}(\.\d{3})+$/.test(value)
      ? value.replace(/\./g, '')
      : value;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(normalised)) return null;
  const cents = toCents(Number(normalised));
  return cents <= EURO_TEXT_MAX_CENTS ? cents : null;
}

/** Cents as the editor shows them to a German-speaking owner: "2,50". */
export function euroText(cents: Cents): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}
