import { fromCents, toCents } from '../../../shared/pricing';
import { intlLocale } from '../../../shared/i18n/locales';

/**
 * A price as an owner types it: "9,50", "9.50", "9", " 12,5 € ". Returns euros, or NaN for
 * anything else (the contract's schema then names the field). A thousands separator is not
 * accepted: "1.000" would be ambiguous between one euro and a thousand.
 */
export function parseEuros(text: string): number {
  const cleaned = text.replace(/€/g, '').trim();
  if (!/^\d{1,5}([.,]\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return fromCents(toCents(Number(cleaned.replace(',', '.'))));
}

/** Euros as the editor shows them in the staff's language: "9,50" in German, "9.50" in English. */
export function formatEuros(euros: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(euros);
}
