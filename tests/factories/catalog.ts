/** Small catalog fixtures built on the contract types; every factory takes partial overrides. */
import type { Area, Extra, Menu, MenuSlot, Option, Product, Size, Tax, Variant } from '../../src/shared/contract/catalog';

let nextId = 1000;
/** A fresh id for fixtures that don't care about theirs. */
export function freshId(): number {
  nextId += 1;
  return nextId;
}

export function makeSize(overrides: Partial<Size> = {}): Size {
  return { id: freshId(), name: 'Normal', price: 10, ...overrides };
}

export function makeOption(overrides: Partial<Option> = {}): Option {
  const children = overrides.children ?? [];
  return { id: freshId(), name: 'Option', price: 0, taxId: null, hasChild: children.length > 0, allergens: [], additives: [], ...overrides, children };
}

export function makeVariant(overrides: Partial<Variant> = {}): Variant {
  return { id: freshId(), name: 'Variant', type: 'select', required: false, options: [], ...overrides };
}

export function makeExtra(overrides: Partial<Extra> = {}): Extra {
  return { id: freshId(), name: 'Extra', prices: [], taxId: null, allergens: [], additives: [], ...overrides };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: freshId(),
    name: 'Pizza Margherita',
    description: '',
    category: { id: 1, name: 'Pizza' },
    /** Tax class 1: the food rate in the pricing tests. */
    taxId: 1,
    poster: null,
    hasPoster: false,
    sizes: [makeSize()],
    variants: [],
    extras: [],
    additives: [],
    allergens: [],
    ...overrides,
  };
}

export function makeSlot(overrides: Partial<MenuSlot> = {}): MenuSlot {
  return { id: freshId(), name: 'Main', products: [], ...overrides };
}

export function makeMenu(overrides: Partial<Menu> = {}): Menu {
  return {
    id: freshId(),
    name: 'Lunch menu',
    description: '',
    price: 10,
    discount: 0,
    poster: null,
    hasPoster: false,
    items: [],
    ...overrides,
  };
}

export function makeTax(overrides: Partial<Tax> = {}): Tax {
  return { id: freshId(), name: 'VAT', amount: 19, inclusive: true, ...overrides };
}

export function makeArea(overrides: Partial<Area> = {}): Area {
  return {
    id: freshId(),
    name: 'Mitte',
    zipcode: '10115',
    minimumOrder: 15,
    deliveryPrice: 2.5,
    freeDeliveryThreshold: 0,
    ...overrides,
  };
}
