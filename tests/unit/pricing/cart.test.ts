import { describe, it, expect } from 'vitest';
import { cartTotals, deliveryFee, linePrice, lineUnitPrice, linesSubtotal, minimumOrderShortfall } from '../../../src/shared/pricing';
import type { CartLine } from '../../../src/shared/contract/cart';
import { makeArea, makeExtra, makeMenu, makeProduct, makeSize, makeSlot, makeTax } from '../../factories/catalog';
import { menuLine, productLine } from './lines';

const cheese = makeExtra({ id: 50, prices: [{ sizeId: 1, price: 1.5 }] });
const pizza = makeProduct({ id: 1, sizes: [makeSize({ id: 1, price: 8.5 })], extras: [cheese] });
const menu = makeMenu({ price: 9.99, discount: 15, items: [makeSlot({ id: 1, products: [pizza] })] });

const pizzaLine = productLine(pizza, { sizeId: 1, options: {}, extraIds: [50] }, 2); // 2 × 10.00
const menuItemLine = menuLine(menu, [{ slotId: 1, productId: 1, options: {}, extraIds: [50] }], 3); // 3 × (8.49 + 1.50)

/** A product line worth exactly `cents` per unit. */
function lineOf(cents: number, qty = 1): CartLine {
  const p = makeProduct({ sizes: [makeSize({ id: 7, price: cents / 100 })] });
  return productLine(p, { sizeId: 7, options: {}, extraIds: [] }, qty);
}

describe('cart lines', () => {
  it('prices a product line from its snapshot', () => {
    expect(lineUnitPrice(pizzaLine)).toBe(1000);
    expect(linePrice(pizzaLine)).toBe(2000);
  });

  it('prices a menu line from its snapshot', () => {
    expect(lineUnitPrice(menuItemLine)).toBe(999);
    expect(linePrice(menuItemLine)).toBe(2997);
  });
});

describe('cartTotals', () => {
  it('adds the delivery fee to the lines and the tip to the total', () => {
    const t = cartTotals({ lines: [pizzaLine, menuItemLine], deliveryFee: 250, tip: 300 });
    expect(t).toMatchObject({ subtotal: 4997, delivery: 250, price: 5247, discount: 0, tax: 0, tip: 300, total: 5547 });
  });

  it('is all zeros for an empty cart', () => {
    expect(cartTotals({ lines: [] })).toEqual({
      subtotal: 0, delivery: 0, price: 0, discount: 0, taxPercent: 0, tax: 0, taxItems: [], tip: 0, total: 0,
    });
  });

  it('clamps the discount into 0..price', () => {
    expect(cartTotals({ lines: [lineOf(1000)], discount: 5000, tip: 200 })).toMatchObject({ discount: 1000, total: 200 });
    expect(cartTotals({ lines: [lineOf(1000)], discount: -300 })).toMatchObject({ discount: 0, total: 1000 });
    expect(cartTotals({ lines: [lineOf(1000)], discount: 400 })).toMatchObject({ discount: 400, total: 600 });
  });

  it('adds an exclusive tax on price minus discount (delivery included, tip not)', () => {
    const taxes = [makeTax({ id: 1, name: 'A', amount: 10, inclusive: false })];
    const t = cartTotals({ lines: [lineOf(1000)], deliveryFee: 99, discount: 100, taxes, tip: 30 });
    // base = 1000 + 99 − 100 = 999; 10 % → 99.9 → 100
    expect(t.tax).toBe(100);
    expect(t.taxPercent).toBe(10);
    expect(t.total).toBe(999 + 100 + 30);
    expect(t.taxItems).toEqual([{ taxId: 1, name: 'A', amount: 10, base: 999, value: 100, inclusive: false }]);
  });

  it('reports an inclusive tax as contained amount without adding it', () => {
    const t = cartTotals({ lines: [lineOf(1190)], taxes: [makeTax({ id: 1, name: 'MwSt', amount: 19, inclusive: true })] });
    expect(t.tax).toBe(0);
    expect(t.total).toBe(1190);
    expect(t.taxItems).toEqual([{ taxId: 1, name: 'MwSt', amount: 19, base: 1190, value: 190, inclusive: true }]);
  });

  it('mixes an inclusive class and an exclusive one, each on its own lines', () => {
    const taxes = [makeTax({ id: 1, name: 'MwSt', amount: 19, inclusive: true }), makeTax({ id: 2, name: 'City', amount: 5, inclusive: false })];
    const local = makeProduct({ taxId: 2, sizes: [makeSize({ id: 7, price: 10 })] });
    const t = cartTotals({ lines: [lineOf(2000), productLine(local, { sizeId: 7, options: {}, extraIds: [] })], taxes, tip: 50 });
    expect(t.taxItems).toEqual([
      { taxId: 1, name: 'MwSt', amount: 19, base: 2000, value: 319, inclusive: true }, // 2000 × 19 / 119 = 319.33
      { taxId: 2, name: 'City', amount: 5, base: 1000, value: 50, inclusive: false },
    ]);
    expect(t.tax).toBe(50);
    expect(t.total).toBe(3000 + 50 + 50);
  });

  it('ignores a negative tip and rejects amounts that are not whole cents', () => {
    expect(cartTotals({ lines: [lineOf(1000)], tip: -100 }).total).toBe(1000);
    expect(() => cartTotals({ lines: [lineOf(1000)], deliveryFee: 2.5 })).toThrow(RangeError);
  });
});

describe('deliveryFee', () => {
  const area = makeArea({ deliveryPrice: 2.5, freeDeliveryThreshold: 30 });

  it('charges the area price for delivery below the free threshold', () => {
    expect(deliveryFee(area, 2999, 'delivery')).toBe(250);
  });

  it('is free exactly at the threshold and above', () => {
    expect(deliveryFee(area, 3000, 'delivery')).toBe(0);
    expect(deliveryFee(area, 3001, 'delivery')).toBe(0);
  });

  it('always charges when the threshold is 0', () => {
    expect(deliveryFee(makeArea({ deliveryPrice: 3.9, freeDeliveryThreshold: 0 }), 100000, 'delivery')).toBe(390);
  });

  it.each(['takeaway', 'curbside', 'table', null] as const)('is 0 for deliver type %s', (type) => {
    expect(deliveryFee(area, 1000, type)).toBe(0);
  });

  it('is 0 without an area', () => {
    expect(deliveryFee(null, 1000, 'delivery')).toBe(0);
  });
});

describe('minimumOrderShortfall', () => {
  const area = makeArea({ minimumOrder: 15, deliveryPrice: 2, freeDeliveryThreshold: 35 });

  it('says how much is missing below the minimum', () => {
    expect(minimumOrderShortfall(area, 890)).toBe(610);
    expect(minimumOrderShortfall(area, 1499)).toBe(1);
  });

  it('is 0 exactly at the minimum and above', () => {
    expect(minimumOrderShortfall(area, 1500)).toBe(0);
    expect(minimumOrderShortfall(area, 4000)).toBe(0);
  });

  it('counts the lines only: the delivery fee and the tip never fill the gap', () => {
    const lines = [lineOf(1400)];
    const totals = cartTotals({ lines, deliveryFee: deliveryFee(area, linesSubtotal(lines), 'delivery'), tip: 500 });
    expect(totals.total).toBe(1400 + 200 + 500);
    expect(minimumOrderShortfall(area, totals.subtotal)).toBe(100);
  });

  it('is 0 without an area or with a zero minimum', () => {
    expect(minimumOrderShortfall(null, 100)).toBe(0);
    expect(minimumOrderShortfall(makeArea({ minimumOrder: 0 }), 0)).toBe(0);
  });
});
