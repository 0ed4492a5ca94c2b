import { describe, expect, it } from 'vitest';
import { soldOutSets } from '../../src/shared/availability';
import type { Menu, Product } from '../../src/shared/contract/catalog';
import type { OrderItemOut } from '../../src/shared/contract/order';
import { linePrice } from '../../src/shared/pricing';
import { rebuildOrder, type TodaysMenu } from '../../src/client/features/reorder/rebuild';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../factories/catalog';

const cheese = makeExtra({ id: 50, name: 'Extra cheese', prices: [{ sizeId: 1, price: 1 }] });
const basil = makeExtra({ id: 51, name: 'Basil', prices: [{ sizeId: 1, price: 0.5 }] });
const hot = makeOption({ id: 210, name: 'Hot' });
const spice = makeVariant({ id: 21, name: 'Spice', type: 'select', options: [hot, makeOption({ id: 211, name: 'Mild' })] });
const tomato = makeOption({ id: 200, name: 'Tomato', children: [spice] });
const sauce = makeVariant({ id: 20, name: 'Sauce', required: true, options: [tomato, makeOption({ id: 201, name: 'Cream' })] });
const pizza = makeProduct({ id: 7, name: 'Pizza Diavola', sizes: [makeSize({ id: 1, name: 'Normal', price: 9 })], variants: [sauce], extras: [cheese, basil] });
const cola = makeProduct({ id: 8, name: 'Cola', category: { id: 2, name: 'Drinks' }, sizes: [makeSize({ id: 3, price: 3 })] });
const lunch = makeMenu({
  id: 30,
  name: 'Lunch',
  price: 12,
  items: [makeSlot({ id: 301, name: 'Main', products: [pizza] }), makeSlot({ id: 302, name: 'Drink', products: [cola] })],
});

function item(overrides: Partial<OrderItemOut>): OrderItemOut {
  return { type: 'productItem', name: 'Pizza Diavola', qty: 2, unitPrice: 7, price: 14, product: 'Pizza Diavola', size: 'Normal', extras: [], options: [], menu: null, codes: [], ...overrides };
}
const diavola = item({
  extras: ['Extra cheese', 'Basil'],
  options: [{ name: 'Sauce', values: ['Tomato'] }, { name: 'Spice', values: ['Hot'] }],
  again: { type: 'productItem', productId: 7, sizeId: 1, qty: 2, options: { 20: [200], 21: [210] }, extraIds: [50, 51] },
});
const lunchItem = item({
  type: 'menuItem',
  name: 'Lunch',
  qty: 1,
  product: null,
  size: null,
  menu: [
    { slot: 'Main', product: 'Pizza Diavola', options: [{ name: 'Sauce', values: ['Cream'] }], extras: ['Basil'] },
    { slot: 'Drink', product: 'Cola', options: [], extras: [] },
  ],
  again: {
    type: 'menuItem',
    menuId: 30,
    qty: 1,
    items: [
      { slotId: 301, productId: 7, options: { 20: [201] }, extraIds: [51] },
      { slotId: 302, productId: 8, options: {}, extraIds: [] },
    ],
  },
});

function today(products: Product[], menus: Menu[] = [], sold: Parameters<typeof soldOutSets>[0] = [], complete = true): TodaysMenu {
  return { product: (id) => products.find((p) => p.id === id), menu: (id) => menus.find((m) => m.id === id), complete, sold: soldOutSets(sold) };
}

describe('rebuildOrder', () => {
  it('puts back the same choices, priced from today’s menu', () => {
    const dearer = { ...pizza, sizes: [makeSize({ id: 1, name: 'Normal', price: 10 })] };
    const { lines, left } = rebuildOrder([diavola, lunchItem], today([dearer, cola], [lunch]));
    expect(left).toEqual([]);
    expect(lines).toHaveLength(2);
    const [first] = lines;
    if (first?.type !== 'productItem') throw new Error('expected the pizza');
    expect(first.choice).toEqual({ sizeId: 1, options: { 20: [200], 21: [210] }, extraIds: [50, 51] });
    expect(first.qty).toBe(2);
    // Today's 10.00 + 1.00 + 0.50, not the 7.00 the order was placed at.
    expect(linePrice({ ...first, id: 'x' })).toBe(2 * 1150);
  });

  it('leaves out a sold-out extra and a removed option, names them, and adds the rest', () => {
    const noHot = { ...pizza, variants: [{ ...sauce, options: [{ ...tomato, children: [{ ...spice, options: spice.options.filter((o) => o.id !== 210) }] }] }] };
    const { lines, left } = rebuildOrder([diavola], today([noHot], [], [{ item: 'extra', id: 50, endsAt: null }]));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    if (line?.type !== 'productItem') throw new Error('expected the pizza');
    expect(line.choice).toEqual({ sizeId: 1, options: { 20: [200] }, extraIds: [51] });
    expect(left).toEqual([{ name: 'Pizza Diavola', without: ['Extra cheese', 'Hot'] }]);
  });

  it('names a dish that is gone, sold out, or no longer complete without what was left out, and adds nothing for it', () => {
    expect(rebuildOrder([diavola], today([cola])).left).toEqual([{ name: 'Pizza Diavola', reason: 'gone' }]);
    expect(rebuildOrder([diavola], today([pizza], [], [{ item: 'product', id: 7, endsAt: null }])).left).toEqual([
      { name: 'Pizza Diavola', reason: 'soldOut' },
    ]);
    // The required sauce's chosen option is sold out: the pizza needs a new choice.
    const noTomato = rebuildOrder([diavola], today([pizza], [], [{ item: 'option', id: 200, endsAt: null }]));
    expect(noTomato).toEqual({ lines: [], left: [{ name: 'Pizza Diavola', reason: 'chooseAgain' }] });
    // Its size is gone.
    const resized = { ...pizza, sizes: [makeSize({ id: 9, price: 9 })] };
    expect(rebuildOrder([diavola], today([resized])).left).toEqual([{ name: 'Pizza Diavola', reason: 'chooseAgain' }]);
  });

  it('rebuilds a menu with its slots, and names it when a slot’s dish is gone or sold out', () => {
    const { lines, left } = rebuildOrder([lunchItem], today([], [lunch]));
    expect(left).toEqual([]);
    expect(lines[0]).toMatchObject({ type: 'menuItem', menuId: 30, qty: 1, items: lunchItem.again?.type === 'menuItem' ? lunchItem.again.items : [] });
    const noCola = { ...lunch, items: [lunch.items[0]!, makeSlot({ id: 302, name: 'Drink', products: [] })] };
    expect(rebuildOrder([lunchItem], today([], [noCola])).left).toEqual([{ name: 'Lunch', reason: 'chooseAgain' }]);
    expect(rebuildOrder([lunchItem], today([], [lunch], [{ item: 'product', id: 8, endsAt: null }])).left).toEqual([
      { name: 'Lunch', reason: 'chooseAgain' },
    ]);
    // A slot dish's extra sold out: the menu comes back without it, said so.
    const partly = rebuildOrder([lunchItem], today([], [lunch], [{ item: 'extra', id: 51, endsAt: null }]));
    expect(partly.lines).toHaveLength(1);
    expect(partly.left).toEqual([{ name: 'Lunch', without: ['Basil'] }]);
  });

  it('compares choices by id, so an order placed in another language is not said to lose what it keeps', () => {
    // Placed in German, read today in English: every name differs, every id is the same.
    const german = { ...diavola, options: [{ name: 'Soße', values: ['Tomate'] }, { name: 'Schärfe', values: ['Scharf'] }], extras: ['Extra Käse', 'Basilikum'] };
    expect(rebuildOrder([german], today([pizza])).left).toEqual([]);
    const soldCheese = rebuildOrder([german], today([pizza], [], [{ item: 'extra', id: 50, endsAt: null }]));
    expect(soldCheese.left).toEqual([{ name: 'Pizza Diavola', without: ['Extra cheese'] }]);
  });

  it('does not call a dish gone when the device could not read the whole menu', () => {
    expect(rebuildOrder([diavola], today([], [], [], false)).left).toEqual([{ name: 'Pizza Diavola', reason: 'unchecked' }]);
  });

  it('an order kept from before the choices were recorded asks to choose again', () => {
    const old: OrderItemOut = { ...diavola, again: undefined };
    expect(rebuildOrder([old], today([pizza])).left).toEqual([{ name: 'Pizza Diavola', reason: 'chooseAgain' }]);
  });
});
