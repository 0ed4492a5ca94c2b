import type { CartLine, OptionChoices, ProductChoice } from '../../../shared/contract/cart';
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

/** A cart line's choices in words; a menu names each slot's dish with its own choices. */
export function describeLine(line: CartLine): string[] {
  if (line.type === 'productItem') return describeChoice(line.product, line.choice);
  return line.items.flatMap((item) => {
    const slot = line.menu.items.find((s) => s.id === item.slotId);
    const product = slot?.products.find((p) => p.id === item.productId);
    if (!product) return [];
    const extra = describeChoice(product, item);
    return [extra.length ? `${product.name} (${extra.join(', ')})` : product.name];
  });
}
