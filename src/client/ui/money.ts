import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { text } from '../../shared/contract/settings';
import { directionOf, intlLocale } from '../../shared/i18n/locales';
import { formatMoney, type Cents } from '../../shared/pricing';
import { useSettings } from '../features/catalog';

/** First-strong isolate … pop directional isolate: the amount is one unit inside the text around it. */
const FSI = '\u2068';
const PDI = '\u2069';

export type Money = (cents: Cents) => string;

/**
 * Formats cents in the interface language and the restaurant's currency (12,90 € in German, €12.90
 * in English). In a right-to-left language the amount is isolated: inside an Arabic sentence its
 * digits, sign and currency would otherwise mix with the numbers next to it ("1 · 8.90 €", "+1.00 €").
 * Left-to-right languages need no isolate, and their text stays free of invisible characters.
 * The same function while language and currency stay: a memoised card given it renders only when they change.
 */
export function useMoney(): Money {
  const { i18n } = useLingui();
  const currency = text(useSettings(), 'CURRENCY') || 'EUR';
  const locale = intlLocale(i18n.locale);
  const isolate = directionOf(i18n.locale) === 'rtl';
  return useCallback(
    (cents) => (isolate ? `${FSI}${formatMoney(cents, locale, currency)}${PDI}` : formatMoney(cents, locale, currency)),
    [isolate, locale, currency],
  );
}
