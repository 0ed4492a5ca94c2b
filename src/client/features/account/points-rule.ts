import { useLingui } from '@lingui/react/macro';
import { loyaltyEarnPercent } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';
import { intlLocale } from '../../../shared/i18n/locales';

/** One per language: building a formatter costs a slow phone tens of milliseconds, using one almost nothing. */
const percentFormats = new Map<string, Intl.NumberFormat>();

function percentFormat(locale: string): Intl.NumberFormat {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, format);
  }
  return format;
}

/** The earning rule in the diner's words, with the restaurant's percent (shared/pricing `earnedPoints`). */
export function usePointsRule(): string {
  const { t, i18n } = useLingui();
  const percent = percentFormat(i18n.locale).format(loyaltyEarnPercent(useSettings()) / 100);
  return t`Every completed order earns ${percent} of what you pay for dishes and drinks, after points spent. Delivery fees and tips earn nothing.`;
}
