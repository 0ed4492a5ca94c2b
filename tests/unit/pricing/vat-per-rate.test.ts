/**
 * VAT per tax rate (decision 005): each tax applies to the lines of its class only; the delivery
 * fee follows the items, a discount is spread across the rates, the tip carries none.
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog';
import { cartTotals, linePrice, lineTaxParts, splitProportionally } from '../../../src/shared/pricing';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeTax, makeVariant } from '../../factories/catalog';
import { menuLine, productLine } from './lines';

const FOOD = 1;
const DRINKS = 2;
const food = makeTax({ id: FOOD, name: 'MwSt. 7 %', amount: 7, inclusive: true });
const drinks = makeTax({ id: DRINKS, name: 'MwSt. 19 %', amount: 19, inclusive: true });
const taxes = [food, drinks];

function single(name: string, euros: number, taxId: number, extra: Partial<Product> = {}): Product {
  return makeProduct({ name, taxId, sizes: [makeSize({ id: 1, price: euros })], ...extra });
}
const plain = { sizeId: 1, options: {}, extraIds: [] };

describe('splitProportionally', () => {
  it('gives whole cents that add up exactly, leftovers to the largest remainders', () => {
    expect(splitProportionally(200, [2000, 780])).toEqual([144, 56]); // 143.88 + 56.12
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(0, [5, 7])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([5, 5]);
    expect(splitProportionally(7, [])).toEqual([]);
    for (const total of [1, 99, 1234, 99999]) {
      for (const weights of [[1, 2, 3], [333, 333, 334], [1, 0, 999_999], [7, 19]]) {
        const parts = splitProportionally(total, weights);
        expect(parts.reduce((a, b) => a + b, 0), `${total} over ${weights.join('/')}`).toBe(total);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      }
    }
  });
});

describe('VAT per tax rate', () => {
  it('a 12,50 € pizza carries 0,82 € VAT at 7 % and nothing at 19 %', () => {
    const pizza = single('Pizza', 12.5, FOOD);
    const t = cartTotals({ lines: [productLine(pizza, plain)], taxes });
    expect(t.taxItems).toEqual([{ taxId: FOOD, name: 'MwSt. 7 %', amount: 7, base: 1250, value: 82, inclusive: true }]);
    expect(t.tax).toBe(0);
    expect(t.total).toBe(1250);
  });

  it('worked example: food, drinks, delivery and points give exact per-rate figures that add up', () => {
    const salami = single('Pizza Salami', 10.5, FOOD);
    const kaiserschmarrn = single('Kaiserschmarrn', 9.5, FOOD);
    const cola = single('Cola 0,33 l', 3.9, DRINKS);
    const t = cartTotals({
      lines: [productLine(salami, plain), productLine(kaiserschmarrn, plain), productLine(cola, plain, 2)],
      deliveryFee: 200,
      discount: 500,
      tip: 150,
      taxes,
    });
    // Items: food 20,00 €, drinks 7,80 €. Delivery 2,00 € follows them: 1,44 € + 0,56 €.
    // Points 5,00 € over the gross 21,44 € / 8,36 €: 3,60 € + 1,40 €.
    expect(t).toMatchObject({ subtotal: 2780, delivery: 200, price: 2980, discount: 500, tax: 0, tip: 150, total: 2630 });
    expect(t.taxItems).toEqual([
      { taxId: FOOD, name: 'MwSt. 7 %', amount: 7, base: 1784, value: 117, inclusive: true }, // 1784 × 7 / 107 = 116.71
      { taxId: DRINKS, name: 'MwSt. 19 %', amount: 19, base: 696, value: 111, inclusive: true }, // 696 × 19 / 119 = 111.13
    ]);
    // The bases hold everything paid except the tip.
    expect(t.taxItems.reduce((sum, x) => sum + x.base, 0)).toBe(t.total - t.tip);
  });

  it('with one exclusive tax on every line equals the spec: tax = (price − discount) × percent / 100', () => {
    const added = makeTax({ id: 9, name: 'Sales tax', amount: 8.875, inclusive: false });
    for (const [prices, fee, discount] of [
      [[1099, 250], 199, 0],
      [[333, 333, 334], 0, 101],
      [[12345], 350, 1000],
      [[1], 0, 0],
    ] as const) {
      const lines = prices.map((cents) => productLine(single('Dish', cents / 100, 9), plain));
      const t = cartTotals({ lines, deliveryFee: fee, discount, taxes: [added], tip: 77 });
      const spec = Math.round(((t.price - t.discount) * 8.875) / 100);
      expect(t.tax, prices.join('+')).toBe(spec);
      expect(t.taxPercent).toBe(8.875);
      expect(t.total).toBe(t.price - t.discount + spec + 77);
      expect(t.taxItems).toEqual([{ taxId: 9, name: 'Sales tax', amount: 8.875, base: t.price - t.discount, value: spec, inclusive: false }]);
    }
  });

  it('adds exclusive taxes per rate and sums them into tax', () => {
    const a = makeTax({ id: 1, name: 'A', amount: 7, inclusive: false });
    const b = makeTax({ id: 2, name: 'B', amount: 19, inclusive: false });
    const t = cartTotals({ lines: [productLine(single('Dish', 10, 1), plain), productLine(single('Wine', 5, 2), plain)], taxes: [a, b] });
    expect(t.taxItems.map((x) => [x.base, x.value])).toEqual([
      [1000, 70],
      [500, 95],
    ]);
    expect(t.tax).toBe(165);
    expect(t.taxPercent).toBe(26);
    expect(t.total).toBe(1500 + 165);
  });

  it('leaves out a tax whose class no line uses, and puts no VAT on the tip', () => {
    const t = cartTotals({ lines: [productLine(single('Cola', 3.9, DRINKS), plain)], taxes, tip: 500 });
    expect(t.taxItems).toEqual([{ taxId: DRINKS, name: 'MwSt. 19 %', amount: 19, base: 390, value: 62, inclusive: true }]);
    expect(cartTotals({ lines: [], taxes, tip: 100 }).taxItems).toEqual([]);
  });

  it('gives options and extras their own class, or the product’s', () => {
    const beer = makeExtra({ id: 60, taxId: DRINKS, prices: [{ sizeId: 1, price: 3.5 }] });
    const fries = makeExtra({ id: 61, prices: [{ sizeId: 1, price: 2 }] });
    const side = makeVariant({ id: 5, options: [makeOption({ id: 50, price: 1.2 }), makeOption({ id: 51, price: 2.5, taxId: DRINKS })] });
    const currywurst = single('Currywurst', 9.9, FOOD, { extras: [beer, fries], variants: [side] });
    const line = productLine(currywurst, { sizeId: 1, options: { 5: [50, 51] }, extraIds: [60, 61] }, 2);
    expect(lineTaxParts(line)).toEqual([
      { taxId: FOOD, cents: 2 * (990 + 120 + 200) },
      { taxId: DRINKS, cents: 2 * (250 + 350) },
    ]);
    expect(lineTaxParts(line).reduce((s, p) => s + p.cents, 0)).toBe(linePrice(line));
  });

  it('splits a combo menu across its slots by the slot products’ own prices', () => {
    const burger = makeProduct({ id: 1, taxId: FOOD, sizes: [makeSize({ id: 1, price: 11.9 })] });
    const fries = makeProduct({ id: 2, taxId: FOOD, sizes: [makeSize({ id: 2, price: 4.5 })] });
    const bacon = makeExtra({ id: 70, prices: [{ sizeId: 3, price: 1.5 }] });
    const cola = makeProduct({ id: 3, taxId: DRINKS, sizes: [makeSize({ id: 3, price: 3.9 })], extras: [bacon] });
    const meal = makeMenu({
      price: 21.9,
      discount: 10, // 19.71 €
      items: [makeSlot({ id: 1, products: [burger] }), makeSlot({ id: 2, products: [fries] }), makeSlot({ id: 3, products: [cola] })],
    });
    const line = menuLine(
      meal,
      [
        { slotId: 1, productId: 1, options: {}, extraIds: [] },
        { slotId: 2, productId: 2, options: {}, extraIds: [] },
        { slotId: 3, productId: 3, options: {}, extraIds: [70] },
      ],
      3,
    );
    // 3 × 19.71 = 59.13 € over 11.90 : 4.50 : 3.90 → 34.66 + 13.11 + 11.36 (exactly 34.664…, 13.108…, 11.359…).
    // Food: 34.66 + 13.11 = 47.77 €; drinks 11.36 € + the extra on the drink 3 × 1.50 € (it takes the drink's class).
    expect(lineTaxParts(line)).toEqual([
      { taxId: FOOD, cents: 4777 },
      { taxId: DRINKS, cents: 1136 + 450 },
    ]);
    expect(linePrice(line)).toBe(5913 + 450);
    const t = cartTotals({ lines: [line], taxes });
    expect(t.taxItems.map((x) => [x.taxId, x.base, x.value])).toEqual([
      [FOOD, 4777, 313], // 4777 × 7 / 107 = 312.51
      [DRINKS, 1586, 253], // 1586 × 19 / 119 = 253.23
    ]);
  });

  it('splits a menu whose slot products cost nothing into equal parts', () => {
    const a = makeProduct({ id: 1, taxId: FOOD, sizes: [makeSize({ id: 1, price: 0 })] });
    const b = makeProduct({ id: 2, taxId: DRINKS, sizes: [makeSize({ id: 2, price: 0 })] });
    const menu = makeMenu({ price: 10.01, items: [makeSlot({ id: 1, products: [a] }), makeSlot({ id: 2, products: [b] })] });
    const line = menuLine(menu, [
      { slotId: 1, productId: 1, options: {}, extraIds: [] },
      { slotId: 2, productId: 2, options: {}, extraIds: [] },
    ]);
    expect(lineTaxParts(line)).toEqual([
      { taxId: FOOD, cents: 501 },
      { taxId: DRINKS, cents: 500 },
    ]);
  });

  it('counts a line stored before tax classes (no taxId in its snapshot) under the first tax', () => {
    const old: Partial<Product> = single('Pizza', 12.5, FOOD);
    delete old.taxId;
    const line = productLine(old as Product, plain);
    expect(lineTaxParts(line)).toEqual([{ taxId: null, cents: 1250 }]);
    expect(cartTotals({ lines: [line], taxes }).taxItems).toEqual([
      { taxId: FOOD, name: 'MwSt. 7 %', amount: 7, base: 1250, value: 82, inclusive: true },
    ]);
  });
});
