import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, MenuCartLine, ProductCartLine } from '../../src/shared/contract/cart';
import { CART_SCHEMA, persistCart, readLine, restoreCart } from '../../src/client/features/cart/persistence';
import * as cartStore from '../../src/client/features/cart/store';
import { addLine, cart, clearCart, increment, removeLine, removeLines, setQty } from '../../src/client/features/cart/store';
import { storefrontDb } from '../../src/client/lib/db';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSize, makeSlot, makeVariant } from '../factories/catalog';

const sauce = makeVariant({
  id: 20,
  type: 'select',
  required: true,
  options: [makeOption({ id: 200 }), makeOption({ id: 201, price: 0.5 })],
});
const cheese = makeExtra({ id: 50, prices: [{ sizeId: 1, price: 1 }] });
const pizza = makeProduct({
  id: 7,
  name: 'Pizza Funghi',
  sizes: [makeSize({ id: 1, price: 8 })],
  variants: [sauce],
  extras: [cheese],
});
const burger = makeProduct({ id: 30, name: 'Burger', sizes: [makeSize({ id: 31 })] });
const fries = makeProduct({ id: 40, name: 'Pommes', sizes: [makeSize({ id: 41 })] });
const lunch = makeMenu({
  id: 90,
  name: 'Mittagsmenü',
  items: [makeSlot({ id: 91, products: [burger] }), makeSlot({ id: 92, products: [fries] })],
});

/** Stored lines are plain JSON, as IndexedDB holds them. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function pizzaLine(overrides: Partial<ProductCartLine> = {}): ProductCartLine {
  return plain({
    id: 'line-pizza',
    type: 'productItem',
    productId: pizza.id,
    categoryId: pizza.category.id,
    name: pizza.name,
    qty: 2,
    choice: { sizeId: 1, options: { 20: [201] }, extraIds: [50] },
    product: pizza,
    ...overrides,
  });
}

function menuLine(overrides: Partial<MenuCartLine> = {}): MenuCartLine {
  return plain({
    id: 'line-menu',
    type: 'menuItem',
    menuId: lunch.id,
    name: lunch.name,
    qty: 1,
    items: [
      { slotId: 91, productId: 30, options: {}, extraIds: [] },
      { slotId: 92, productId: 40, options: {}, extraIds: [] },
    ],
    menu: lunch,
    ...overrides,
  });
}

async function store(schema: number, lines: unknown): Promise<void> {
  await (await storefrontDb()).cart.put({ id: 'current', schema, savedAt: 1, lines });
}

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

let unsubscribe: (() => void) | null = null;

beforeEach(async () => {
  await (await storefrontDb()).cart.clear();
  cart.lines.splice(0);
  cart.restored = false;
  cart.droppedStoredCart = false;
});

afterEach(async () => {
  unsubscribe?.();
  unsubscribe = null;
  vi.restoreAllMocks();
  // Let any write still queued by a subscription settle before the next test clears the table.
  await tick();
});

describe('restoreCart', () => {
  it('with nothing stored marks the cart restored without the dropped flag', async () => {
    await restoreCart();
    expect(cart.restored).toBe(true);
    expect(cart.droppedStoredCart).toBe(false);
    expect(cart.lines).toEqual([]);
  });

  it('restores a valid stored cart', async () => {
    await store(CART_SCHEMA, [pizzaLine(), menuLine()]);
    await restoreCart();
    expect(cart.restored).toBe(true);
    expect(cart.droppedStoredCart).toBe(false);
    expect(plain(cart.lines)).toEqual([pizzaLine(), menuLine()]);
  });

  it('replaces lines already in memory with the stored ones', async () => {
    await store(CART_SCHEMA, [menuLine()]);
    cart.lines.push(pizzaLine({ id: 'in-memory' }));
    await restoreCart();
    expect(cart.lines.map((l) => l.id)).toEqual(['line-menu']);
  });

  it('drops a cart stored with an older schema and flags it', async () => {
    await store(CART_SCHEMA - 1, [pizzaLine()]);
    await restoreCart();
    expect(cart.restored).toBe(true);
    expect(cart.droppedStoredCart).toBe(true);
    expect(cart.lines).toEqual([]);
  });

  it('drops a stored cart whose lines are not an array', async () => {
    await store(CART_SCHEMA, { 0: pizzaLine() });
    await restoreCart();
    expect(cart.droppedStoredCart).toBe(true);
    expect(cart.lines).toEqual([]);
  });

  it('keeps the valid lines when one stored line is corrupt, and flags the drop', async () => {
    await store(CART_SCHEMA, [pizzaLine(), { id: 'broken', type: 'productItem', name: 'x', qty: 1 }, menuLine()]);
    await restoreCart();
    expect(cart.droppedStoredCart).toBe(true);
    expect(cart.restored).toBe(true);
    expect(cart.lines.map((l) => l.id)).toEqual(['line-pizza', 'line-menu']);
  });

  it('does not report the same dropped cart again on the next start', async () => {
    await store(CART_SCHEMA, [pizzaLine(), { id: 'broken', type: 'productItem', name: 'x', qty: 1 }]);
    await restoreCart();
    expect(cart.droppedStoredCart).toBe(true);
    cart.droppedStoredCart = false;
    cart.restored = false;
    await restoreCart();
    expect(cart.droppedStoredCart).toBe(false);
    expect(cart.lines.map((l) => l.id)).toEqual(['line-pizza']);
  });

  it('starts regardless when the database fails, flags the drop and deletes the stored cart', async () => {
    await store(CART_SCHEMA, [pizzaLine()]);
    vi.spyOn((await storefrontDb()).cart, 'get').mockRejectedValueOnce(new Error('IndexedDB broke'));
    await restoreCart();
    expect(cart.restored).toBe(true);
    expect(cart.droppedStoredCart).toBe(true);
    expect(cart.lines).toEqual([]);
    expect(await (await storefrontDb()).cart.count()).toBe(0);
  });
});

describe('readLine', () => {
  it('accepts valid product and menu lines as they are', () => {
    const p = pizzaLine();
    const m = menuLine({ qty: 6 });
    expect(readLine(p)).toBe(p);
    expect(readLine(m)).toBe(m);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'line'],
    ['a number', 42],
    ['an array', [pizzaLine()]],
  ])('rejects %s', (_label, value) => {
    expect(readLine(value)).toBeNull();
  });

  it('rejects a line without a quantity', () => {
    const line: Partial<ProductCartLine> = pizzaLine();
    delete line.qty;
    expect(line).not.toHaveProperty('qty');
    expect(readLine(line)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"2"', '2'],
    ['NaN', Number.NaN],
  ])('rejects qty %s', (_label, qty) => {
    expect(readLine({ ...pizzaLine(), qty })).toBeNull();
  });

  it('rejects a line without a string id or name', () => {
    expect(readLine({ ...pizzaLine(), id: 5 })).toBeNull();
    expect(readLine({ ...pizzaLine(), name: null })).toBeNull();
  });

  it('rejects an unknown line type', () => {
    expect(readLine({ ...pizzaLine(), type: 'giftCard' })).toBeNull();
    expect(readLine({ ...pizzaLine(), type: undefined })).toBeNull();
  });

  it('rejects a product choice with a size the product does not have', () => {
    expect(readLine(pizzaLine({ choice: { sizeId: 999, options: { 20: [201] }, extraIds: [] } }))).toBeNull();
  });

  it('rejects a product choice with an unknown option or extra', () => {
    expect(readLine(pizzaLine({ choice: { sizeId: 1, options: { 20: [999] }, extraIds: [] } }))).toBeNull();
    expect(readLine(pizzaLine({ choice: { sizeId: 1, options: { 20: [200] }, extraIds: [77] } }))).toBeNull();
  });

  it('rejects a product choice missing a required option', () => {
    expect(readLine(pizzaLine({ choice: { sizeId: 1, options: {}, extraIds: [] } }))).toBeNull();
  });

  it('rejects product lines whose snapshot or choice has the wrong shape', () => {
    expect(readLine({ ...pizzaLine(), product: null })).toBeNull();
    expect(readLine({ ...pizzaLine(), choice: 'big' })).toBeNull();
    expect(readLine({ ...pizzaLine(), product: { ...pizzaLine().product, sizes: 'all' } })).toBeNull();
    expect(readLine({ ...pizzaLine(), choice: { sizeId: 1, options: { 20: [200] } } })).toBeNull();
  });

  it('rejects a product line whose snapshot throws during validation instead of crashing', () => {
    expect(readLine({ ...pizzaLine(), product: { ...pizzaLine().product, variants: null } })).toBeNull();
  });

  it('rejects a menu line with qty 7', () => {
    expect(readLine(menuLine({ qty: 7 }))).toBeNull();
  });

  it('rejects a menu line missing a slot choice or choosing a product the slot does not offer', () => {
    const [first] = menuLine().items;
    if (!first) throw new Error('fixture');
    expect(readLine(menuLine({ items: [first] }))).toBeNull();
    expect(
      readLine(
        menuLine({
          items: [first, { slotId: 92, productId: 30, options: {}, extraIds: [] }],
        }),
      ),
    ).toBeNull();
  });

  it('rejects menu lines whose snapshot has the wrong shape', () => {
    expect(readLine({ ...menuLine(), items: 'burger' })).toBeNull();
    expect(readLine({ ...menuLine(), menu: null })).toBeNull();
    expect(readLine({ ...menuLine(), menu: { ...menuLine().menu, items: null } })).toBeNull();
  });
});

describe('persistCart', () => {
  async function storedLines(): Promise<CartLine[] | undefined> {
    const stored = await (await storefrontDb()).cart.get('current');
    return stored?.lines as CartLine[] | undefined;
  }

  it('writes every change of the lines once the cart is restored', async () => {
    await restoreCart();
    unsubscribe = persistCart();

    addLine({ ...pizzaLine(), qty: 1 });
    await tick();
    const first = await (await storefrontDb()).cart.get('current');
    expect(first?.schema).toBe(CART_SCHEMA);
    expect(first?.id).toBe('current');
    expect((await storedLines())?.map((l) => [l.name, l.qty])).toEqual([['Pizza Funghi', 1]]);

    const line = cart.lines[0];
    if (!line) throw new Error('no line');
    increment(line.id);
    await tick();
    expect((await storedLines())?.map((l) => l.qty)).toEqual([2]);

    removeLine(line.id);
    await tick();
    expect(await storedLines()).toEqual([]);
  });

  it('keeps writing after the ordered lines leave the cart, and saves what is added afterwards', async () => {
    await restoreCart();
    unsubscribe = persistCart();
    addLine({ ...pizzaLine(), qty: 1 });
    addLine({ ...menuLine(), qty: 1 });
    await tick();
    const ordered = cart.lines.map((l) => l.id);

    removeLines(ordered);
    await tick();
    expect(await storedLines()).toEqual([]);

    addLine({ ...pizzaLine(), qty: 2 });
    await tick();
    expect((await storedLines())?.map((l) => [l.name, l.qty])).toEqual([['Pizza Funghi', 2]]);
  });

  it('no store operation breaks persistence: each one, then a later change, reaches storage', async () => {
    await restoreCart();
    unsubscribe = persistCart();
    // Every mutating export of the store, each followed by a plain add that must be written too.
    const operations: Record<string, () => void> = {
      addLine: () => addLine({ ...menuLine(), qty: 1 }),
      setQty: () => setQty(cart.lines[0]?.id ?? '', 3),
      increment: () => increment(cart.lines[0]?.id ?? ''),
      removeLine: () => removeLine(cart.lines[0]?.id ?? ''),
      removeLines: () => removeLines(cart.lines.map((l) => l.id)),
      clearCart: () => clearCart(),
    };
    for (const [name, run] of Object.entries(operations)) {
      addLine({ ...pizzaLine(), qty: 1 });
      await tick();
      run();
      await tick();
      expect(plain(await storedLines()), `after ${name}`).toEqual(plain(cart.lines));
      addLine({ ...pizzaLine(), qty: 1 });
      await tick();
      expect(plain(await storedLines()), `an add after ${name}`).toEqual(plain(cart.lines));
    }
    const mutating = Object.keys(cartStore).filter((k) => !['cart', 'itemCount', 'canIncrement', 'openCartPanel', 'decrement'].includes(k));
    expect(mutating.sort()).toEqual(Object.keys(operations).sort());
  });

  it('writes nothing before the stored cart was restored', async () => {
    unsubscribe = persistCart();
    addLine({ ...pizzaLine(), qty: 1 });
    await tick(30);
    expect(await (await storefrontDb()).cart.get('current')).toBeUndefined();
  });

  it('stops writing after unsubscribing', async () => {
    cart.restored = true;
    const stop = persistCart();
    stop();
    addLine({ ...pizzaLine(), qty: 1 });
    await tick(30);
    expect(await (await storefrontDb()).cart.get('current')).toBeUndefined();
  });

  it('stores lines that restoreCart reads back unchanged', async () => {
    await restoreCart();
    unsubscribe = persistCart();
    addLine({ ...pizzaLine(), qty: 3 });
    addLine({ ...menuLine(), qty: 2 });
    await tick();
    const written = plain(cart.lines);
    unsubscribe();
    unsubscribe = null;

    cart.lines.splice(0);
    cart.restored = false;
    await restoreCart();
    expect(cart.droppedStoredCart).toBe(false);
    expect(plain(cart.lines)).toEqual(written);
    expect(cart.lines.map((l) => l.qty)).toEqual([3, 2]);
  });
});
