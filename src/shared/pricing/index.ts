/**
 * The money module: the only place that computes prices. All arithmetic is in integer cents;
 * API euro amounts go through `toCents` on the way in and `fromCents` on the way out.
 * Pure TypeScript: no node:*, DOM or React imports (Intl only).
 */
export { type Cents, toCents, fromCents, formatMoney, roundCents } from './money';
export {
  chosenOptions,
  chosenExtras,
  selectedOptionsPrice,
  extraPriceForSize,
  extrasPrice,
  productUnitPrice,
  productLinePrice,
  defaultProductChoice,
} from './product';
export { menuBasePrice, menuUnitPrice, menuLinePrice, slotCandidate, slotChoicePrice } from './menu';
export {
  type DeliverType,
  type TaxItem,
  type CartTotalsInput,
  type CartTotals,
  lineUnitPrice,
  linePrice,
  linesSubtotal,
  cartTotals,
  deliveryFee,
  minimumOrderShortfall,
} from './cart';
export { type TaxPart, lineTaxParts, mergeTaxParts, splitProportionally } from './tax';
export { tipFromPercent, normaliseTip } from './tip';
export { lineDues, evenShares } from './tab';
export { LOYALTY_MARGIN, earnedPoints, loyaltyDiscount, loyaltyCheckboxDisabled } from './loyalty';
export {
  type ChoiceIssue,
  type ChoiceIssueField,
  type ChoiceIssueReason,
  validateProductChoice,
  validateMenuChoice,
} from './validation';
