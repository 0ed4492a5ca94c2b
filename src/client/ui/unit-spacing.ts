/**
 * A quantity and its unit on one line: "Klein 26 cm" broke as "Klein 26 / cm" in a size's button at
 * 360 px. The names are the operator's, in any language, so only the space between a number and a
 * common unit is made non-breaking, at display.
 */
const NUMBER_THEN_UNIT = /(\d)[ \t]+(cm|mm|m|cl|ml|l|g|kg|oz|lb|Stk\.?|pcs\.?|%)(?=$|[\s).,;:/])/giu;

export function keepUnitWithNumber(text: string): string {
  return text.replace(NUMBER_THEN_UNIT, '$1\u00a0$2');
}
