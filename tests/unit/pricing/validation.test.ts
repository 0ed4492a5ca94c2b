import { describe, it, expect } from 'vitest';
import {
  defaultProductChoice,
  productUnitPrice,
  validateMenuChoice,
  validateProductChoice,
} from '../../../src/shared/pricing';
import type { MenuSlotChoice, ProductChoice } from '../../../src/shared/contract/cart';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../../factories/catalog';

const cheese = makeExtra({ id: 50, prices: [{ sizeId: 1, price: 1 }, { sizeId: 2, price: 1.5 }] });
const truffle = makeExtra({ id: 51, prices: [{ sizeId: 2, price: 4 }] });
const spice = makeVariant({ id: 21, type: 'checkbox', required: true, options: [makeOption({ id: 210, price: 0.3 })] });
const sauce = makeVariant({
  id: 20,
  required: true,
  options: [makeOption({ id: 200, children: [spice] }), makeOption({ id: 201, price: 0.5 })],
});
const toppings = makeVariant({
  id: 10,
  type: 'checkbox',
  options: [makeOption({ id: 100, price: 0.5 }), makeOption({ id: 101, price: 0.75 })],
});
const dough = makeVariant({ id: 12, type: 'checkbox', required: true, options: [makeOption({ id: 120 })] });
const pizza = makeProduct({
  sizes: [makeSize({ id: 1, price: 8 }), makeSize({ id: 2, price: 12 })],
  variants: [sauce, toppings],
  extras: [cheese, truffle],
});

function choice(partial: Partial<ProductChoice>): ProductChoice {
  return { sizeId: 1, options: { 20: [201] }, extraIds: [], ...partial };
}

describe('validateProductChoice', () => {
  it('accepts a complete choice', () => {
    expect(validateProductChoice(pizza, choice({ sizeId: 2, options: { 20: [200], 21: [210], 10: [100, 101] }, extraIds: [50, 51] }))).toEqual([]);
  });

  it('reports a size the product does not have as unknown and a missing size as required', () => {
    expect(validateProductChoice(pizza, choice({ sizeId: 9 }))).toEqual([{ field: 'size', id: 9, reason: 'unknown' }]);
    expect(validateProductChoice(pizza, choice({ sizeId: Number.NaN }))).toEqual([{ field: 'size', id: Number.NaN, reason: 'required' }]);
  });

  it('requires an option for required select and checkbox variants', () => {
    const product = makeProduct({ variants: [sauce, dough] });
    expect(validateProductChoice(product, { sizeId: product.sizes[0]?.id ?? 0, options: {}, extraIds: [] })).toEqual([
      { field: 'variant', id: 20, reason: 'required' },
      { field: 'variant', id: 12, reason: 'required' },
    ]);
  });

  it('allows several checkbox options but only one select option', () => {
    expect(validateProductChoice(pizza, choice({ options: { 20: [201], 10: [100, 101] } }))).toEqual([]);
    expect(validateProductChoice(pizza, choice({ options: { 20: [200, 201], 21: [210] } }))).toEqual([
      { field: 'variant', id: 20, reason: 'tooMany' },
    ]);
  });

  it('reports unknown option ids, which pricing ignores', () => {
    const c = choice({ options: { 20: [201], 10: [100, 999] } });
    expect(validateProductChoice(pizza, c)).toEqual([{ field: 'variant', id: 10, reason: 'unknown', optionId: 999 }]);
    expect(productUnitPrice(pizza, c)).toBe(800 + 50 + 50);
  });

  it('reports repeated option and extra ids once as tooMany', () => {
    expect(validateProductChoice(pizza, choice({ options: { 20: [201], 10: [100, 100, 100] }, extraIds: [50, 50] }))).toEqual([
      { field: 'variant', id: 10, reason: 'tooMany', optionId: 100 },
      { field: 'extra', id: 50, reason: 'tooMany' },
    ]);
  });

  it('requires a required child variant only when its parent option is chosen', () => {
    expect(validateProductChoice(pizza, choice({ options: { 20: [200] } }))).toEqual([
      { field: 'variant', id: 21, reason: 'required' },
    ]);
    expect(validateProductChoice(pizza, choice({ options: { 20: [201] } }))).toEqual([]);
  });

  it('reports choices for a child variant under an unchosen option as unavailable and unknown variants as unknown', () => {
    const c = choice({ options: { 20: [201], 21: [210], 77: [1] } });
    expect(validateProductChoice(pizza, c)).toEqual([
      { field: 'variant', id: 21, reason: 'unavailable' },
      { field: 'variant', id: 77, reason: 'unknown' },
    ]);
    expect(productUnitPrice(pizza, c)).toBe(850);
  });

  it('tolerates an empty array left behind for an unreachable variant', () => {
    expect(validateProductChoice(pizza, choice({ options: { 20: [201], 21: [] } }))).toEqual([]);
  });

  it('reports unknown extras and extras without a price for the chosen size', () => {
    expect(validateProductChoice(pizza, choice({ sizeId: 1, extraIds: [50, 51, 99] }))).toEqual([
      { field: 'extra', id: 51, reason: 'unavailable' },
      { field: 'extra', id: 99, reason: 'unknown' },
    ]);
  });

  it('does not flag extras as unavailable when the size itself is invalid', () => {
    expect(validateProductChoice(pizza, choice({ sizeId: 9, extraIds: [51] }))).toEqual([{ field: 'size', id: 9, reason: 'unknown' }]);
  });

  it('finds the default choice valid when only required selects are involved', () => {
    const nested = makeVariant({ id: 31, required: true, options: [makeOption({ id: 310 })] });
    const product = makeProduct({
      variants: [makeVariant({ id: 30, required: true, options: [makeOption({ id: 300, children: [nested] })] }), toppings],
    });
    expect(validateProductChoice(product, defaultProductChoice(product))).toEqual([]);
    // A required checkbox is not preselected, so the diner still has to choose.
    expect(validateProductChoice(pizza, defaultProductChoice(pizza))).toEqual([{ field: 'variant', id: 21, reason: 'required' }]);
  });
});

describe('validateMenuChoice', () => {
  const burger = makeProduct({ id: 1, sizes: [makeSize({ id: 2, price: 9 })], variants: [sauce], extras: [cheese, makeExtra({ id: 52, prices: [{ sizeId: 1, price: 1 }] })] });
  const cola = makeProduct({ id: 3, sizes: [makeSize({ id: 5, price: 3 })] });
  const menu = makeMenu({ items: [makeSlot({ id: 1, products: [burger] }), makeSlot({ id: 2, products: [cola] })] });

  function slot(slotId: number, productId: number, extra: Partial<MenuSlotChoice> = {}): MenuSlotChoice {
    return { slotId, productId, options: {}, extraIds: [], ...extra };
  }

  it('accepts one valid choice per slot', () => {
    expect(validateMenuChoice(menu, [slot(1, 1, { options: { 20: [201] }, extraIds: [50] }), slot(2, 3)])).toEqual([]);
  });

  it('requires every slot and rejects a second choice for one slot', () => {
    expect(validateMenuChoice(menu, [slot(1, 1, { options: { 20: [201] } })])).toEqual([{ field: 'slot', id: 2, reason: 'required' }]);
    expect(validateMenuChoice(menu, [slot(1, 1, { options: { 20: [201] } }), slot(2, 3), slot(2, 3)])).toEqual([
      { field: 'slot', id: 2, reason: 'tooMany' },
    ]);
  });

  it('rejects a product that is not a candidate of its slot and a slot the menu does not have', () => {
    expect(validateMenuChoice(menu, [slot(1, 3), slot(2, 3), slot(8, 1)])).toEqual([
      { field: 'slot', id: 8, reason: 'unknown' },
      { field: 'slot', id: 1, reason: 'unknown' },
    ]);
  });

  it('checks options and extras against the candidate at its one size, tagged with the slot', () => {
    expect(validateMenuChoice(menu, [slot(1, 1, { extraIds: [52, 99] }), slot(2, 3)])).toEqual([
      { field: 'variant', id: 20, reason: 'required', slotId: 1 },
      { field: 'extra', id: 52, reason: 'unavailable', slotId: 1 },
      { field: 'extra', id: 99, reason: 'unknown', slotId: 1 },
    ]);
  });
});
