import { useLingui } from '@lingui/react/macro';
import { loyaltyEarnPercent } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';
import { intlLocale } from '../../../shared/i18n/locales';

/** The earning rule in the diner's words, with the restaurant's percent (shared/pricing `earnedPoints`). */
export function usePointsRule(): string {
  const { t, i18n } = useLingui();
  const percent = new Intl.NumberFormat(intlLocale(i18n.locale), { style: 'percent', maximumFractionDigits: 2 }).format(loyaltyEarnPercent(useSettings()) / 100);
  return t`Every completed order earns ${percent} of what you pay for dishes and drinks, after points spent. Delivery fees and tips earn nothing.`;
}
