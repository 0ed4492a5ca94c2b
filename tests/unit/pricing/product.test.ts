import { describe, it, expect } from 'vitest';
import {
  defaultProductChoice,
  extrasPrice,
  productLinePrice,
  productUnitPrice,
  selectedOptionsPrice,
} from '../../../src/shared/pricing';
import type { ProductChoice } from '../../../src/shared/contract/cart';
import { makeExtra, makeOption, makeProduct, makeSize, makeVariant } from '../../factories/catalog';

const small = makeSize({ id: 1, name: 'Small', price: 8.5 });
const large = makeSize({ id: 2, name: 'Large', price: 12.9 });
const cheese = makeExtra({ id: 50, name: 'Cheese', prices: [{ sizeId: 1, price: 1 }, { sizeId: 2, price: 1.5 }] });
const truffle = makeExtra({ id: 51, name: 'Truffle', prices: [{ sizeId: 2, price: 4.2 }] });

const toppings = makeVariant({
  id: 10,
  type: 'checkbox',
  options: [
    makeOption({ id: 100, price: 0.5 }),
    makeOption({ id: 101, price: 0.75 }),
    makeOption({ id: 102, price: 1.2 }),
  ],
});
const crust = makeVariant({
  id: 11,
  type: 'select',
  options: [makeOption({ id: 110, price: 0 }), makeOption({ id: 111, price: 2 })],
});
const spice = makeVariant({ id: 21, type: 'checkbox', options: [makeOption({ id: 210, price: 0.3 })] });
const sauce = makeVariant({
  id: 20,
  type: 'select',
  options: [makeOption({ id: 200, price: 0, children: [spice] }), makeOption({ id: 201, price: 0.5 })],
});

const pizza = makeProduct({ sizes: [small, large], variants: [toppings, crust, sauce], extras: [cheese, truffle] });

function choice(partial: Partial<ProductChoice>): ProductChoice {
  return { sizeId: small.id, options: {}, extraIds: [], ...partial };
}

describe('productUnitPrice', () => {
  it('is the chosen size price when nothing else is chosen', () => {
    expect(productUnitPrice(pizza, choice({ sizeId: 1 }))).toBe(850);
    expect(productUnitPrice(pizza, choice({ sizeId: 2 }))).toBe(1290);
  });

  it('prices the same extra differently per size', () => {
    expect(productUnitPrice(pizza, choice({ sizeId: 1, extraIds: [50] }))).toBe(950);
    expect(productUnitPrice(pizza, choice({ sizeId: 2, extraIds: [50] }))).toBe(1440);
  });

  it('adds size + options + extras together', () => {
    const c = choice({ sizeId: 2, options: { 10: [100, 102], 11: [111] }, extraIds: [50, 51] });
    expect(productUnitPrice(pizza, c)).toBe(1290 + 50 + 120 + 200 + 150 + 420);
  });

  it('throws a RangeError for a size the product does not have', () => {
    expect(() => productUnitPrice(pizza, choice({ sizeId: 99 }))).toThrow(RangeError);
  });
});

describe('extrasPrice', () => {
  it('counts an extra without a price for the size as 0', () => {
    expect(extrasPrice([cheese, truffle], [51], 1)).toBe(0);
    expect(extrasPrice([cheese, truffle], [50, 51], 1)).toBe(100);
    expect(extrasPrice([cheese, truffle], [50, 51], 2)).toBe(570);
  });

  it('ignores unknown extra ids and counts a repeated id once', () => {
    expect(extrasPrice([cheese], [50, 999], 2)).toBe(150);
    expect(extrasPrice([cheese], [50, 50], 2)).toBe(150);
  });
});

describe('selectedOptionsPrice', () => {
  it('adds every selected checkbox option', () => {
    expect(selectedOptionsPrice([toppings], { 10: [100, 101] })).toBe(125);
    expect(selectedOptionsPrice([toppings], { 10: [100, 101, 102] })).toBe(245);
  });

  it('adds the selected option of a select variant', () => {
    expect(selectedOptionsPrice([crust], { 11: [111] })).toBe(200);
    expect(selectedOptionsPrice([crust], { 11: [110] })).toBe(0);
  });

  it('sums float prices without float drift', () => {
    const v = makeVariant({ type: 'checkbox', options: [makeOption({ id: 1, price: 0.1 }), makeOption({ id: 2, price: 0.2 })] });
    expect(selectedOptionsPrice([v], { [v.id]: [1, 2] })).toBe(30);
  });

  it('counts a nested child option only while its parent option is chosen', () => {
    expect(selectedOptionsPrice([sauce], { 20: [200], 21: [210] })).toBe(30);
    // 21 is the child menu of option 200; with 201 chosen it must not be priced.
    expect(selectedOptionsPrice([sauce], { 20: [201], 21: [210] })).toBe(50);
    expect(selectedOptionsPrice([sauce], { 21: [210] })).toBe(0);
  });

  it('walks several levels of nesting', () => {
    const level3 = makeVariant({ id: 3, options: [makeOption({ id: 30, price: 0.07 })] });
    const level2 = makeVariant({ id: 2, options: [makeOption({ id: 20, price: 0.2, children: [level3] })] });
    const level1 = makeVariant({ id: 1, options: [makeOption({ id: 10, price: 1, children: [level2] })] });
    expect(selectedOptionsPrice([level1], { 1: [10], 2: [20], 3: [30] })).toBe(127);
    expect(selectedOptionsPrice([level1], { 1: [10], 3: [30] })).toBe(100);
  });

  it('ignores option ids that do not belong to the variant and unknown variant keys', () => {
    // 111 is an option of variant 11, not of 10; 999 exists nowhere.
    expect(selectedOptionsPrice([toppings, crust], { 10: [111, 999], 77: [100] })).toBe(0);
    expect(selectedOptionsPrice([toppings], { 10: [100, 100] })).toBe(50);
  });
});

describe('productLinePrice', () => {
  it('multiplies the unit price by the quantity', () => {
    const c = choice({ sizeId: 2, extraIds: [50] });
    expect(productLinePrice(pizza, c, 1)).toBe(1440);
    expect(productLinePrice(pizza, c, 3)).toBe(4320);
  });

  it('rejects a fractional or negative quantity', () => {
    expect(() => productLinePrice(pizza, choice({}), 1.5)).toThrow(RangeError);
    expect(() => productLinePrice(pizza, choice({}), -1)).toThrow(RangeError);
  });
});

describe('defaultProductChoice', () => {
  it('picks the first size, no options and no extras for a plain product', () => {
    expect(defaultProductChoice(pizza)).toEqual({ sizeId: 1, options: {}, extraIds: [] });
  });

  it('preselects the first option of required select variants, also nested ones under it', () => {
    const nestedRequired = makeVariant({ id: 31, required: true, options: [makeOption({ id: 310 }), makeOption({ id: 311 })] });
    const underSecond = makeVariant({ id: 32, required: true, options: [makeOption({ id: 320 })] });
    const requiredSelect = makeVariant({
      id: 30,
      required: true,
      options: [makeOption({ id: 300, children: [nestedRequired] }), makeOption({ id: 301, children: [underSecond] })],
    });
    const optionalSelect = makeVariant({ id: 40, required: false, options: [makeOption({ id: 400 })] });
    const requiredCheckbox = makeVariant({ id: 41, type: 'checkbox', required: true, options: [makeOption({ id: 410 })] });
    const product = makeProduct({ sizes: [large, small], variants: [requiredSelect, optionalSelect, requiredCheckbox] });

    expect(defaultProductChoice(product)).toEqual({ sizeId: 2, options: { 30: [300], 31: [310] }, extraIds: [] });
  });

  it('throws a RangeError for a product without sizes', () => {
    expect(() => defaultProductChoice(makeProduct({ sizes: [] }))).toThrow(RangeError);
  });
});
