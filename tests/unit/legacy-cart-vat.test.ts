/**
 * A cart saved on a device before products had a tax class: its lines are kept and priced, and
 * the checkout shows VAT per rate with the classes of the cached catalog (else the first tax).
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract/catalog';
import type { CartLine } from '../../src/shared/contract/cart';
import { cartTotals } from '../../src/shared/pricing';
import { readLine } from '../../src/client/features/cart/persistence';
import { withTaxClasses } from '../../src/client/features/checkout/tax-classes';
import { makeExtra, makeMenu, makeProduct, makeSize, makeSlot, makeTax } from '../factories/catalog';
import { menuLine, productLine } from './pricing/lines';

const FOOD = 1;
const DRINKS = 2;
const taxes = [makeTax({ id: FOOD, name: 'MwSt. 7 %', amount: 7 }), makeTax({ id: DRINKS, name: 'MwSt. 19 %', amount: 19 })];

const pils = makeExtra({ id: 60, taxId: DRINKS, prices: [{ sizeId: 1, price: 3.9 }] });
const currywurst = makeProduct({ id: 7, taxId: FOOD, category: { id: 5, name: 'Mains' }, sizes: [makeSize({ id: 1, price: 11.9 })], extras: [pils] });
const cola = makeProduct({ id: 8, taxId: DRINKS, category: { id: 9, name: 'Drinks' }, sizes: [makeSize({ id: 2, price: 3.9 })] });
const fries = makeProduct({ id: 9, taxId: FOOD, category: { id: 6, name: 'Sides' }, sizes: [makeSize({ id: 3, price: 4.5 })] });
const catalog = new Map([currywurst, cola, fries].map((p) => [p.id, p]));

/** What IndexedDB held before tax classes: the same JSON without any `taxId`. */
function stored(line: CartLine): unknown {
  return JSON.parse(JSON.stringify(line, (key, value: unknown) => (key === 'taxId' ? undefined : value))) as unknown;
}

const oldCurrywurst = stored(productLine(currywurst, { sizeId: 1, options: {}, extraIds: [60] }));
const oldMeal = stored(
  menuLine(
    makeMenu({ id: 70, price: 8.4, items: [makeSlot({ id: 71, products: [fries] }), makeSlot({ id: 72, products: [cola] })] }),
    [
      { slotId: 71, productId: 9, options: {}, extraIds: [] },
      { slotId: 72, productId: 8, options: {}, extraIds: [] },
    ],
  ),
);

describe('a cart stored before tax classes', () => {
  it('keeps its lines when read back', () => {
    expect(JSON.stringify(oldCurrywurst)).not.toContain('taxId');
    expect(readLine(oldCurrywurst)).not.toBeNull();
    expect(readLine(oldMeal)).not.toBeNull();
  });

  it('shows VAT by rate with the classes of the cached catalog', () => {
    const lines = [readLine(oldCurrywurst), readLine(oldMeal)].filter((l): l is CartLine => l !== null);
    const patched = withTaxClasses(lines, (_categoryId, productId) => catalog.get(productId));
    const totals = cartTotals({ lines: patched, taxes });
    // Currywurst 11.90 € food + its Pils 3.90 € drinks; the 8.40 € meal over 4.50 : 3.90 → 4.50 + 3.90.
    expect(totals.subtotal).toBe(1190 + 390 + 840);
    expect(totals.taxItems.map((x) => [x.taxId, x.base, x.value])).toEqual([
      [FOOD, 1190 + 450, 107], // 1640 × 7 / 107
      [DRINKS, 390 + 390, 125], // 780 × 19 / 119 = 124.5
    ]);
  });

  it('counts everything under the first tax when the catalog is not cached, without failing', () => {
    const lines = [readLine(oldCurrywurst), readLine(oldMeal)].filter((l): l is CartLine => l !== null);
    const totals = cartTotals({ lines: withTaxClasses(lines, () => undefined), taxes });
    expect(totals.taxItems).toEqual([{ taxId: FOOD, name: 'MwSt. 7 %', amount: 7, base: 2420, value: 158, inclusive: true }]);
    expect(totals.total).toBe(2420);
  });

  it('leaves lines that carry a class as they are', () => {
    const line = productLine(cola, { sizeId: 2, options: {}, extraIds: [] });
    const unknown = (): Product | undefined => {
      throw new Error('a line with a class needs no lookup');
    };
    expect(withTaxClasses([line], unknown)[0]).toBe(line);
  });
});
