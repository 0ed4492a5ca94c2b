import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuCartLine, MenuSlotChoice, ProductCartLine, ProductChoice } from '../../src/shared/contract/cart';
import type { Menu, Product } from '../../src/shared/contract/catalog';
import {
  addLine,
  canIncrement,
  cart,
  clearCart,
  decrement,
  increment,
  itemCount,
  openCartPanel,
  removeLine,
  setQty,
} from '../../src/client/features/cart/store';
import { lineKey } from '../../src/client/features/cart/line-key';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../factories/catalog';

// A pizza with two sizes, a select sauce, a checkbox topping list and two extras.
const sauce = makeVariant({ id: 20, type: 'select', options: [makeOption({ id: 200 }), makeOption({ id: 201 })] });
const toppings = makeVariant({
  id: 10,
  type: 'checkbox',
  options: [makeOption({ id: 100 }), makeOption({ id: 101 }), makeOption({ id: 102 })],
});
const cheese = makeExtra({ id: 50, prices: [{ sizeId: 1, price: 1 }, { sizeId: 2, price: 1.5 }] });
const ham = makeExtra({ id: 51, prices: [{ sizeId: 1, price: 2 }, { sizeId: 2, price: 2.5 }] });
const pizza = makeProduct({
  id: 7,
  name: 'Pizza Funghi',
  sizes: [makeSize({ id: 1, price: 8 }), makeSize({ id: 2, price: 12 })],
  variants: [sauce, toppings],
  extras: [cheese, ham],
});
const salad = makeProduct({ id: 8, name: 'Salat', sizes: [makeSize({ id: 3, price: 6 })] });

const burger = makeProduct({ id: 30, name: 'Burger', sizes: [makeSize({ id: 31 })] });
const fries = makeProduct({ id: 40, name: 'Pommes', sizes: [makeSize({ id: 41 })] });
const cola = makeProduct({ id: 45, name: 'Cola', sizes: [makeSize({ id: 46 })] });
const lunch = makeMenu({
  id: 90,
  name: 'Mittagsmenü',
  items: [makeSlot({ id: 91, products: [burger] }), makeSlot({ id: 92, products: [fries, cola] })],
});

type NewProductLine = Omit<ProductCartLine, 'id'>;
type NewMenuLine = Omit<MenuCartLine, 'id'>;

function productInput(choice: Partial<ProductChoice> = {}, qty = 1, product: Product = pizza): NewProductLine {
  return {
    type: 'productItem',
    productId: product.id,
    categoryId: product.category.id,
    name: product.name,
    qty,
    choice: { sizeId: product.sizes[0]?.id ?? 0, options: {}, extraIds: [], ...choice },
    product,
  };
}

const defaultItems: MenuSlotChoice[] = [
  { slotId: 91, productId: 30, options: {}, extraIds: [] },
  { slotId: 92, productId: 40, options: {}, extraIds: [] },
];

function menuInput(qty = 1, items: MenuSlotChoice[] = defaultItems, menu: Menu = lunch): NewMenuLine {
  return { type: 'menuItem', menuId: menu.id, name: menu.name, qty, items, menu };
}

function onlyLine() {
  expect(cart.lines).toHaveLength(1);
  const line = cart.lines[0];
  if (!line) throw new Error('no line');
  return line;
}

beforeEach(() => {
  cart.lines.splice(0);
  cart.lastAdded = null;
  cart.panelOpen = false;
});

describe('addLine merging', () => {
  it('merges the same product, size, options and extras into one line and adds the quantities', () => {
    addLine(productInput({ sizeId: 2, options: { 20: [201], 10: [100] }, extraIds: [50] }, 2));
    addLine(productInput({ sizeId: 2, options: { 20: [201], 10: [100] }, extraIds: [50] }, 3));
    expect(onlyLine().qty).toBe(5);
  });

  it('merges when option ids and variant keys come in a different order', () => {
    addLine(productInput({ options: { 10: [102, 100], 20: [200] } }));
    addLine(productInput({ options: { 20: [200], 10: [100, 102] } }));
    expect(onlyLine().qty).toBe(2);
  });

  it('merges when extras come in a different order', () => {
    addLine(productInput({ extraIds: [51, 50] }));
    addLine(productInput({ extraIds: [50, 51] }, 4));
    expect(onlyLine().qty).toBe(5);
  });

  it('keeps the id of the first line when merging', () => {
    addLine(productInput());
    const id = onlyLine().id;
    addLine(productInput());
    expect(onlyLine().id).toBe(id);
  });

  it('keeps a different size apart', () => {
    addLine(productInput({ sizeId: 1 }));
    addLine(productInput({ sizeId: 2 }));
    expect(cart.lines.map((l) => l.type === 'productItem' && l.choice.sizeId)).toEqual([1, 2]);
  });

  it('keeps different options apart', () => {
    addLine(productInput({ options: { 20: [200] } }));
    addLine(productInput({ options: { 20: [201] } }));
    addLine(productInput({ options: { 20: [201], 10: [100] } }));
    expect(cart.lines).toHaveLength(3);
  });

  it('keeps different extras apart', () => {
    addLine(productInput({ extraIds: [50] }));
    addLine(productInput({ extraIds: [50, 51] }));
    addLine(productInput({ extraIds: [] }));
    expect(cart.lines).toHaveLength(3);
    expect(cart.lines.map((l) => l.qty)).toEqual([1, 1, 1]);
  });

  it('keeps different products apart even with identical choices', () => {
    addLine(productInput({ sizeId: 1 }, 1, pizza));
    addLine(productInput({ sizeId: 1 }, 1, salad));
    expect(cart.lines.map((l) => l.name)).toEqual(['Pizza Funghi', 'Salat']);
  });

  it('gives every new line its own id', () => {
    addLine(productInput({ sizeId: 1 }));
    addLine(productInput({ sizeId: 2 }));
    const [a, b] = cart.lines;
    expect(typeof a?.id).toBe('string');
    expect(a?.id).not.toBe('');
    expect(a?.id).not.toBe(b?.id);
  });

  it('merges menu lines with the same slot choices in any order', () => {
    addLine(menuInput(1, defaultItems));
    addLine(menuInput(2, [...defaultItems].reverse()));
    expect(onlyLine().qty).toBe(3);
  });

  it('keeps menu lines with a different slot product apart', () => {
    addLine(menuInput(1, defaultItems));
    addLine(
      menuInput(1, [
        { slotId: 91, productId: 30, options: {}, extraIds: [] },
        { slotId: 92, productId: 45, options: {}, extraIds: [] },
      ]),
    );
    expect(cart.lines).toHaveLength(2);
  });
});

describe('addLine quantity rounding', () => {
  it.each([
    [2.6, 3],
    [2.4, 2],
    [0, 1],
    [-5, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [4, 4],
  ])('qty %s becomes %s', (qty, expected) => {
    addLine(productInput({}, qty));
    expect(onlyLine().qty).toBe(expected);
  });

  it('lets product lines go past the modal limit of 6, up to the order limit of 99', () => {
    addLine(productInput({}, 25));
    expect(onlyLine().qty).toBe(25);
    addLine(productInput({}, 90));
    expect(onlyLine().qty).toBe(99);
    increment(onlyLine().id);
    expect(onlyLine().qty).toBe(99);
  });
});

describe('menu line cap', () => {
  it('caps a new menu line at 6', () => {
    addLine(menuInput(9));
    expect(onlyLine().qty).toBe(6);
  });

  it('caps a merged menu line at 6', () => {
    addLine(menuInput(4));
    addLine(menuInput(4));
    expect(onlyLine().qty).toBe(6);
  });

  it('stops incrementing a menu line at 6', () => {
    addLine(menuInput(5));
    const line = onlyLine();
    expect(canIncrement(line)).toBe(true);
    increment(line.id);
    expect(line.qty).toBe(6);
    expect(canIncrement(line)).toBe(false);
    increment(line.id);
    expect(onlyLine().qty).toBe(6);
  });

  it('caps setQty on a menu line at 6', () => {
    addLine(menuInput(1));
    setQty(onlyLine().id, 20);
    expect(onlyLine().qty).toBe(6);
  });
});

describe('quantity changes', () => {
  it('increments a product line past 6 without limit', () => {
    addLine(productInput({}, 6));
    const line = onlyLine();
    increment(line.id);
    increment(line.id);
    expect(line.qty).toBe(8);
    expect(canIncrement(line)).toBe(true);
  });

  it('decrements down to 1 and no further', () => {
    addLine(productInput({}, 2));
    const line = onlyLine();
    decrement(line.id);
    expect(line.qty).toBe(1);
    decrement(line.id);
    expect(line.qty).toBe(1);
    expect(cart.lines).toHaveLength(1);
  });

  it('setQty sets, rounds and floors the quantity', () => {
    addLine(productInput());
    const line = onlyLine();
    setQty(line.id, 12);
    expect(line.qty).toBe(12);
    setQty(line.id, 3.5);
    expect(line.qty).toBe(4);
    setQty(line.id, 0);
    expect(line.qty).toBe(1);
    setQty(line.id, Number.NaN);
    expect(line.qty).toBe(1);
  });

  it('ignores quantity changes for an unknown line id', () => {
    addLine(productInput({}, 3));
    setQty('nope', 5);
    increment('nope');
    decrement('nope');
    expect(onlyLine().qty).toBe(3);
  });
});

describe('removeLine and clearCart', () => {
  it('removes only the given line', () => {
    addLine(productInput({ sizeId: 1 }));
    addLine(productInput({ sizeId: 2 }));
    addLine(menuInput());
    const middle = cart.lines[1];
    if (!middle) throw new Error('no line');
    removeLine(middle.id);
    expect(cart.lines.map((l) => l.name)).toEqual(['Pizza Funghi', 'Mittagsmenü']);
    expect(cart.lines.some((l) => l.id === middle.id)).toBe(false);
  });

  it('does nothing for an unknown id', () => {
    addLine(productInput());
    removeLine('missing');
    expect(cart.lines).toHaveLength(1);
  });

  it('clearCart empties the cart', () => {
    addLine(productInput({ sizeId: 1 }));
    addLine(menuInput());
    clearCart();
    expect(cart.lines).toEqual([]);
  });

  it('a line added after removing its twin starts a new line', () => {
    addLine(productInput({}, 3));
    removeLine(onlyLine().id);
    addLine(productInput({}, 2));
    expect(onlyLine().qty).toBe(2);
  });
});

describe('itemCount', () => {
  it('sums the quantities', () => {
    expect(itemCount([])).toBe(0);
    expect(itemCount([{ qty: 2 }, { qty: 3 }, { qty: 1 }])).toBe(6);
  });

  it('counts the cart lines', () => {
    addLine(productInput({ sizeId: 1 }, 2));
    addLine(productInput({ sizeId: 2 }, 4));
    addLine(menuInput(3));
    expect(itemCount(cart.lines)).toBe(9);
  });
});

describe('lastAdded and panel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records the name and time of the line just added, also when merged', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
    addLine(productInput());
    expect(cart.lastAdded).toEqual({ name: 'Pizza Funghi', at: Date.parse('2026-05-01T12:00:00Z') });

    vi.setSystemTime(new Date('2026-05-01T12:00:05Z'));
    addLine(menuInput());
    expect(cart.lastAdded).toEqual({ name: 'Mittagsmenü', at: Date.parse('2026-05-01T12:00:05Z') });

    vi.setSystemTime(new Date('2026-05-01T12:00:09Z'));
    addLine(productInput());
    expect(cart.lines).toHaveLength(2);
    expect(cart.lastAdded).toEqual({ name: 'Pizza Funghi', at: Date.parse('2026-05-01T12:00:09Z') });
  });

  it('leaves the last addition as it was for lines that say themselves what they added', () => {
    addLine(productInput());
    const announced = cart.lastAdded;
    addLine(menuInput(), { announce: false });
    expect(cart.lines).toHaveLength(2);
    expect(cart.lastAdded).toBe(announced);
  });

  it('openCartPanel opens and closes', () => {
    openCartPanel();
    expect(cart.panelOpen).toBe(true);
    openCartPanel(false);
    expect(cart.panelOpen).toBe(false);
  });
});

describe('lineKey', () => {
  function productLine(choice: ProductChoice, product: Product = pizza): ProductCartLine {
    return { ...productInput(choice, 1, product), id: 'x' };
  }

  it('describes product, size, sorted options and sorted extras', () => {
    const key = lineKey(productLine({ sizeId: 2, options: { 20: [201], 10: [102, 100] }, extraIds: [51, 50] }));
    expect(key).toBe('p7/s2/o10:100.102|20:201/e50.51');
  });

  it('sorts extra ids numerically', () => {
    expect(lineKey(productLine({ sizeId: 1, options: {}, extraIds: [100, 9, 20] }))).toBe('p7/s1/o/e9.20.100');
  });

  it('does not depend on the line id, quantity or name', () => {
    const a = productLine({ sizeId: 1, options: {}, extraIds: [] });
    const b: ProductCartLine = { ...a, id: 'other', qty: 5, name: 'Renamed' };
    expect(lineKey(a)).toBe(lineKey(b));
  });

  it('does not mutate the choice arrays while sorting', () => {
    const choice: ProductChoice = { sizeId: 1, options: { 10: [102, 100] }, extraIds: [51, 50] };
    lineKey(productLine(choice));
    expect(choice.options[10]).toEqual([102, 100]);
    expect(choice.extraIds).toEqual([51, 50]);
  });

  it('keys menu lines by menu id and slot choices independent of order', () => {
    const line: MenuCartLine = { ...menuInput(1, defaultItems), id: 'm' };
    const reversed: MenuCartLine = { ...menuInput(1, [...defaultItems].reverse()), id: 'n' };
    expect(lineKey(line)).toBe('m90/91=30/o/e;92=40/o/e');
    expect(lineKey(reversed)).toBe(lineKey(line));
  });

  it('never confuses a product line with a menu line of the same id', () => {
    const product = makeProduct({ id: 90, sizes: [makeSize({ id: 1 })] });
    const menu = makeMenu({ id: 90, items: [] });
    expect(lineKey(productLine({ sizeId: 1, options: {}, extraIds: [] }, product))).not.toBe(
      lineKey({ ...menuInput(1, [], menu), id: 'm' }),
    );
  });
});
