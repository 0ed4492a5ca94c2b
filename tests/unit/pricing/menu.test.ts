import { describe, it, expect } from 'vitest';
import { menuBasePrice, menuLinePrice, menuUnitPrice } from '../../../src/shared/pricing';
import type { MenuSlotChoice } from '../../../src/shared/contract/cart';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../../factories/catalog';

describe('menuBasePrice', () => {
  it.each([
    [10, 0, 1000],
    [10, 10, 900],
    [9.99, 15, 849], // 849.15 → 849
    [9.99, 50, 500], // 499.5 → 500 (half up)
    [10, 100, 0],
    [12.5, 12.5, 1094], // 1093.75 → 1094
  ])('price %s at %s%% discount is %s cents', (price, discount, cents) => {
    expect(menuBasePrice(makeMenu({ price, discount }))).toBe(cents);
  });

  it('clamps the discount into 0..100 and treats NaN as no discount', () => {
    expect(menuBasePrice(makeMenu({ price: 10, discount: 150 }))).toBe(0);
    expect(menuBasePrice(makeMenu({ price: 10, discount: -5 }))).toBe(1000);
    expect(menuBasePrice(makeMenu({ price: 10, discount: Number.NaN }))).toBe(1000);
  });
});

// Slot candidates carry the one size the slot serves. The pizza is served Large (id 2).
const cheese = makeExtra({ id: 50, prices: [{ sizeId: 1, price: 1 }, { sizeId: 2, price: 1.5 }] });
const onlySmall = makeExtra({ id: 51, prices: [{ sizeId: 1, price: 0.8 }] });
const crust = makeVariant({ id: 11, options: [makeOption({ id: 110 }), makeOption({ id: 111, price: 1 })] });
const pizza = makeProduct({ id: 1, sizes: [makeSize({ id: 2, price: 9 })], variants: [crust], extras: [cheese, onlySmall] });
const pasta = makeProduct({ id: 2, sizes: [makeSize({ id: 1, price: 7 })], extras: [cheese] });
const cola = makeProduct({ id: 3, sizes: [makeSize({ id: 5, price: 3 })] });
const mainSlot = makeSlot({ id: 1, products: [pizza, pasta] });
const drinkSlot = makeSlot({ id: 2, products: [cola] });
const lunch = makeMenu({ price: 12.9, discount: 10, items: [mainSlot, drinkSlot] });

function slot(slotId: number, productId: number, extra: Partial<MenuSlotChoice> = {}): MenuSlotChoice {
  return { slotId, productId, options: {}, extraIds: [], ...extra };
}

describe('menuUnitPrice', () => {
  it('is the discounted menu price when the candidates have no extras chosen (candidate size prices are not added)', () => {
    expect(menuUnitPrice(lunch, [slot(1, 1), slot(2, 3)])).toBe(1161);
  });

  it('adds options and extras priced at the slot candidate size, undiscounted', () => {
    const items = [slot(1, 1, { options: { 11: [111] }, extraIds: [50] }), slot(2, 3)];
    expect(menuUnitPrice(lunch, items)).toBe(1161 + 100 + 150);
    // The same extra on the pasta candidate, served Small, costs the Small price.
    expect(menuUnitPrice(lunch, [slot(1, 2, { extraIds: [50] }), slot(2, 3)])).toBe(1161 + 100);
  });

  it('does not discount extras even at 100 % menu discount', () => {
    const free = makeMenu({ price: 10, discount: 100, items: [mainSlot] });
    expect(menuUnitPrice(free, [slot(1, 1, { extraIds: [50] })])).toBe(150);
  });

  it('prices an extra without a price at the slot size as 0', () => {
    expect(menuUnitPrice(lunch, [slot(1, 1, { extraIds: [51] }), slot(2, 3)])).toBe(1161);
  });

  it('ignores unknown slots, non-candidate products and repeated slot choices', () => {
    expect(menuUnitPrice(lunch, [slot(9, 1, { extraIds: [50] })])).toBe(1161);
    expect(menuUnitPrice(lunch, [slot(2, 1, { extraIds: [50] })])).toBe(1161); // pizza is not a drink candidate
    expect(menuUnitPrice(lunch, [slot(1, 1, { extraIds: [50] }), slot(1, 1, { extraIds: [50] })])).toBe(1161 + 150);
  });
});

describe('menuLinePrice', () => {
  it('multiplies the unit price by the quantity', () => {
    const items = [slot(1, 1, { extraIds: [50] }), slot(2, 3)];
    expect(menuLinePrice(lunch, items, 2)).toBe(2 * (1161 + 150));
    expect(menuLinePrice(lunch, items, 6)).toBe(6 * 1311);
  });
});
