import { useLingui } from '@lingui/react';
import { formatMoney, type Cents } from '../../shared/pricing';

/** Formats cents in the interface language (12,90 € in German, €12.90 in English). */
export function useMoney(): (cents: Cents) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'de' ? 'de-DE' : i18n.locale === 'en' ? 'en-IE' : i18n.locale;
  return (cents) => formatMoney(cents, locale, 'EUR');
}
