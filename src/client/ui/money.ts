import { useLingui } from '@lingui/react';
import { text } from '../../shared/contract/settings';
import { formatMoney, type Cents } from '../../shared/pricing';
import { useSettings } from '../features/catalog';

/** Formats cents in the interface language and the restaurant's currency (12,90 € in German, €12.90 in English). */
export function useMoney(): (cents: Cents) => string {
  const { i18n } = useLingui();
  const currency = text(useSettings(), 'CURRENCY') || 'EUR';
  const locale = i18n.locale === 'de' ? 'de-DE' : i18n.locale === 'en' ? 'en-IE' : i18n.locale;
  return (cents) => formatMoney(cents, locale, currency);
}
