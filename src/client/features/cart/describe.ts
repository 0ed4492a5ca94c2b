import type { OptionChoices, ProductChoice } from '../../../shared/contract/cart';
import type { Product, Variant } from '../../../shared/contract/catalog';
import { DEFAULT_SIZE_NAME } from '../../../shared/contract/catalog';

function optionNames(variants: Variant[], options: OptionChoices): string[] {
  return variants.flatMap((v) =>
    v.options
      .filter((o) => options[v.id]?.includes(o.id))
      .flatMap((o) => [o.name, ...optionNames(o.children, options)]),
  );
}

/** What the diner chose, in words: size, options (nested ones after their parent), extras. */
export function describeChoice(product: Product, choice: Pick<ProductChoice, 'options' | 'extraIds'> & { sizeId?: number }): string[] {
  const size = product.sizes.find((s) => s.id === choice.sizeId);
  const sizeName = size && size.name && size.name !== DEFAULT_SIZE_NAME ? [size.name] : [];
  const extras = product.extras.filter((e) => choice.extraIds.includes(e.id)).map((e) => `+ ${e.name}`);
  return [...sizeName, ...optionNames(product.variants, choice.options), ...extras];
}
