import { useLingui } from '@lingui/react';
import { text } from '../../shared/contract/settings';
import { intlLocale } from '../../shared/i18n/locales';
import { formatMoney, type Cents } from '../../shared/pricing';
import { useSettings } from '../features/catalog';

/** Formats cents in the interface language and the restaurant's currency (12,90 € in German, €12.90 in English). */
export function useMoney(): (cents: Cents) => string {
  const { i18n } = useLingui();
  const currency = text(useSettings(), 'CURRENCY') || 'EUR';
  const locale = intlLocale(i18n.locale);
  return (cents) => formatMoney(cents, locale, currency);
}
