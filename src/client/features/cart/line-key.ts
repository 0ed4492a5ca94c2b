import type { CartLine, OptionChoices } from '../../../shared/contract/cart';

function optionsKey(options: OptionChoices): string {
  return Object.keys(options)
    .map(Number)
    .sort((a, b) => a - b)
    .map((variantId) => `${variantId}:${[...(options[variantId] ?? [])].sort((a, b) => a - b).join('.')}`)
    .join('|');
}

/** Two lines with the same key are the same dish made the same way: adding again raises the quantity. */
export function lineKey(line: CartLine): string {
  if (line.type === 'productItem') {
    const c = line.choice;
    return `p${line.productId}/s${c.sizeId}/o${optionsKey(c.options)}/e${[...c.extraIds].sort((a, b) => a - b).join('.')}`;
  }
  const slots = line.items
    .map((i) => `${i.slotId}=${i.productId}/o${optionsKey(i.options)}/e${[...i.extraIds].sort((a, b) => a - b).join('.')}`)
    .sort()
    .join(';');
  return `m${line.menuId}/${slots}`;
}
