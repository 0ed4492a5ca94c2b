/**
 * The server prices every order itself from the catalog (spec §9); nothing the client says about
 * money counts. Expected amounts are computed here from the catalog API's prices with the spec's
 * formulas (checkout-helpers' oracle), not with the server's pricing code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutMenuLine, CheckoutProductLine } from '../../src/shared/contract/checkout';
import {
  areaNamed,
  type Catalog,
  cents,
  checkout,
  expectedMenuUnit,
  expectedProductUnit,
  fieldErrors,
  loadCatalog,
  menuLine,
  menuNamed,
  orderCount,
  orderPage,
  payload,
  placed,
  productLine,
  productNamed,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const euros = (c: number): number => c / 100;

/** What a tampering client adds to a line and to the body. */
const FAKE_LINE_PRICES = { price: 0.01, unitPrice: 0.01, total: 0.01, priceCents: 1, name: 'Free pizza' };
const FAKE_BODY_PRICES = {
  price: 0.01,
  total: 0.01,
  cartTotal: 0.01,
  subtotal: 0.01,
  delivery: 0,
  deliver: 0,
  discount: 999,
  tax: 0,
  payment: { price: 0.01 },
  totalCents: 1,
};

describe.each(backends())('checkout pricing on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  /** Pizza Margherita, medium, with the priced crust option and two extras (priced for the medium size). */
  function dressedMargherita(qty: number): CheckoutProductLine {
    const margherita = productNamed(catalog, 'Pizza Margherita');
    const crust = margherita.variants[0];
    const pricedOption = crust?.options.find((o) => o.price > 0);
    const [first, second] = margherita.extras;
    if (!crust || !pricedOption || !first || !second) throw new Error('the seeded margherita changed');
    return productLine(margherita, { sizeIndex: 1, qty, options: { [crust.id]: [pricedOption.id] }, extraIds: [first.id, second.id] });
  }

  it('prices a product line as size + options + extras at that size, times the quantity', async () => {
    const margherita = productNamed(catalog, 'Pizza Margherita');
    const line = dressedMargherita(2);
    const unit = expectedProductUnit(margherita, line);
    // The seed, spelled out once: 11.40 medium + 1.00 crust + 1.50 and 3.00 extras at medium.
    expect(unit).toBe(1690);

    const { order } = placed(await checkout(app(), payload([line])));
    expect(order.items).toHaveLength(1);
    const item = order.items[0];
    expect(item?.unitPrice).toBe(euros(unit));
    expect(item?.price).toBe(euros(unit * 2));
    expect(item?.qty).toBe(2);
    expect(item?.size).toBe('Mittel 30 cm');
    expect(item?.extras).toHaveLength(2);
    expect(item?.options.map((o) => o.values.length)).toEqual([1]);
    expect(order.payment).toMatchObject({ cartTotal: 33.8, deliver: 0, discount: 0, tax: 0, tip: 0, price: 33.8 });
  });

  it('prices an option of a nested child menu only under its chosen parent option', async () => {
    const schnitzel = productNamed(catalog, 'Viennese-style schnitzel');
    const side = schnitzel.variants[0];
    const fries = side?.options.find((o) => o.name === 'French fries');
    const salad = side?.options.find((o) => !o.hasChild);
    const dip = fries?.children[0];
    const truffle = dip?.options.find((o) => o.price > 0);
    if (!side || !fries || !salad || !dip || !truffle) throw new Error('the seeded schnitzel changed');

    const line = productLine(schnitzel, { options: { [side.id]: [fries.id], [dip.id]: [truffle.id] } });
    expect(expectedProductUnit(schnitzel, line)).toBe(cents(schnitzel.sizes[0]?.price ?? 0) + 150);
    const { order } = placed(await checkout(app(), payload([line]), { headers: { 'accept-language': 'en' } }));
    expect(order.items[0]?.unitPrice).toBe(euros(expectedProductUnit(schnitzel, line)));
    expect(order.items[0]?.options).toEqual([
      { name: side.name, values: [fries.name] },
      { name: dip.name, values: [truffle.name] },
    ]);

    // The dip belongs to the fries: with the salad it is refused, not priced; the fries need their dip.
    const orphan = productLine(schnitzel, { options: { [side.id]: [salad.id], [dip.id]: [truffle.id] } });
    expect(fieldErrors(await checkout(app(), payload([orphan])))).toHaveProperty(['items[0]']);
    const dipless = { ...productLine(schnitzel), options: { [side.id]: [fries.id] } };
    expect(fieldErrors(await checkout(app(), payload([dipless])))).toHaveProperty(['items[0]']);
  });

  it('ignores every price, total and name the client sends', async () => {
    const margherita = productNamed(catalog, 'Pizza Margherita');
    const honest = dressedMargherita(2);
    const tampered = payload([{ ...honest, ...FAKE_LINE_PRICES }], FAKE_BODY_PRICES);
    const { order } = placed(await checkout(app(), tampered, { headers: { 'accept-language': 'en' } }));
    const unit = expectedProductUnit(margherita, honest);
    expect(order.items[0]).toMatchObject({ name: 'Pizza Margherita', unitPrice: euros(unit), price: euros(unit * 2) });
    expect(order.payment).toMatchObject({ cartTotal: euros(unit * 2), discount: 0, price: euros(unit * 2) });
  });

  it('stores the server’s amounts, which the order page shows again', async () => {
    const tampered = payload([{ ...dressedMargherita(1), ...FAKE_LINE_PRICES }], FAKE_BODY_PRICES);
    const result = placed(await checkout(app(), tampered));
    const page = await orderPage(app(), result);
    expect(page.payment).toEqual(result.order.payment);
    expect(page.items).toEqual(result.order.items);
    expect(page.payment.price).toBe(16.9);
  });

  it('prices menus at their discounted price plus each slot’s options and extras, rounding the discount half up', async () => {
    const burgerMeal = menuNamed(catalog, 'Burger meal');
    const lunch = menuNamed(catalog, 'Lunch menu');
    const pizzaNight = menuNamed(catalog, 'Family pizza night');

    // Burger meal: first burger with two priced toppings, fries with the priced dip option.
    const burger = burgerMeal.items[0]?.products[0];
    const toppings = burger?.variants.find((v) => v.type === 'checkbox');
    const fries = burgerMeal.items[1]?.products[0];
    const dip = fries?.variants[0];
    const pricedDip = dip?.options.find((o) => o.price > 0);
    if (!burger || !toppings || !fries || !dip || !pricedDip) throw new Error('the seeded burger meal changed');
    const burgerLine: CheckoutMenuLine = menuLine(burgerMeal, 2, {
      0: { options: { [toppings.id]: toppings.options.slice(0, 2).map((o) => o.id) } },
      1: { options: { [dip.id]: [pricedDip.id] } },
    });
    // Lunch menu: 26.90 at 15 % off is 22.865, which rounds to 22.87.
    const lunchLine = menuLine(lunch, 1);
    expect(expectedMenuUnit(lunch, lunchLine)).toBe(2287);
    // Family pizza night: extras are priced at the slot's family size.
    const firstPizza = pizzaNight.items[0]?.products[0];
    const extra = firstPizza?.extras[0];
    if (!firstPizza || !extra) throw new Error('the seeded pizza night changed');
    expect(extra.prices).toHaveLength(1);
    const pizzaLine = menuLine(pizzaNight, 1, { 0: { extraIds: [extra.id] } });

    const lines = [burgerLine, lunchLine, pizzaLine];
    const { order } = placed(await checkout(app(), payload(lines.map((l) => ({ ...l, ...FAKE_LINE_PRICES })), FAKE_BODY_PRICES)));
    const units = [expectedMenuUnit(burgerMeal, burgerLine), expectedMenuUnit(lunch, lunchLine), expectedMenuUnit(pizzaNight, pizzaLine)];
    // Burger meal: 21.90 − 10 % = 19.71, + 1.50 + 1.20 toppings, + 1.50 dip.
    expect(units[0]).toBe(1971 + 150 + 120 + 150);
    expect(order.items.map((i) => i.unitPrice)).toEqual(units.map(euros));
    expect(order.items.map((i) => i.price)).toEqual([euros((units[0] ?? 0) * 2), euros(units[1] ?? 0), euros(units[2] ?? 0)]);
    const subtotal = (units[0] ?? 0) * 2 + (units[1] ?? 0) + (units[2] ?? 0);
    expect(order.payment.cartTotal).toBe(euros(subtotal));
    expect(order.payment.price).toBe(euros(subtotal));
    // Menu lines name each slot's choice.
    expect(order.items[0]?.menu?.map((s) => s.product)).toHaveLength(burgerMeal.items.length);
    expect(order.items[2]?.menu?.[0]?.extras).toHaveLength(1);
  });

  it('adds the area’s delivery fee below the free-delivery threshold and waives it from the threshold on', async () => {
    const eppendorf = areaNamed(catalog, 'Eppendorf');
    expect(eppendorf).toMatchObject({ deliveryPrice: 2, freeDeliveryThreshold: 35 });
    const delivery = { deliverType: 'delivery', areaId: eppendorf.id, address: 'Eppendorfer Landstraße 1', zipcode: '20249' };
    const tonic = productNamed(catalog, 'Tonic water');
    expect(tonic.sizes[0]?.price).toBe(3.5);

    // 34.99 is not possible with the seed; 9 × 3.50 = 31.50 pays the fee, 10 × 3.50 = 35.00 (exactly the threshold) does not.
    const below = placed(await checkout(app(), payload([productLine(tonic, { qty: 9 })], { ...delivery, ...FAKE_BODY_PRICES }))).order;
    expect(below.payment).toMatchObject({ cartTotal: 31.5, deliver: 2, price: 33.5 });
    expect(below.address).toEqual({ area: 'Eppendorf', address: 'Eppendorfer Landstraße 1', zipcode: '20249', extras: '' });

    const at = placed(await checkout(app(), payload([productLine(tonic, { qty: 10 })], delivery))).order;
    expect(at.payment).toMatchObject({ cartTotal: 35, deliver: 0, price: 35 });

    const hoheluft = areaNamed(catalog, 'Hoheluft');
    const other = placed(
      await checkout(app(), payload([productLine(tonic, { qty: 9 })], { ...delivery, areaId: hoheluft.id, address: 'Falkenried 5', zipcode: '' })),
    ).order;
    expect(other.payment).toMatchObject({ cartTotal: 31.5, deliver: hoheluft.deliveryPrice, price: 31.5 + hoheluft.deliveryPrice });
    expect(other.address?.zipcode).toBe(hoheluft.zipcode);

    // Takeaway and curbside never pay a fee, even with an area in the payload.
    for (const deliverType of ['takeaway', 'curbside']) {
      const order = placed(await checkout(app(), payload([productLine(tonic, { qty: 9 })], { ...delivery, deliverType, car: 'grey Fiat 500' }))).order;
      expect(order.payment, deliverType).toMatchObject({ deliver: 0, price: 31.5 });
      expect(order.address).toBeNull();
    }
  });

  it('rounds the tip to cents and adds it to the total', async () => {
    const tonic = productNamed(catalog, 'Tonic water');
    const cases: [number, number][] = [
      [1.005, 1.01],
      [2.345, 2.35],
      [0.004, 0],
      [3, 3],
      [0, 0],
      [500, 500],
    ];
    for (const [tip, rounded] of cases) {
      const { order } = placed(await checkout(app(), payload([productLine(tonic, { qty: 2 })], { tip })));
      expect(order.payment.tip, String(tip)).toBe(rounded);
      expect(order.payment.price, String(tip)).toBe(euros(700 + cents(rounded)));
    }
  });

  it('shows the German VAT contained in the price, at the drinks rate only for drinks (base: lines and fee, without the tip)', async () => {
    const eppendorf = areaNamed(catalog, 'Eppendorf');
    const tonic = productNamed(catalog, 'Tonic water');
    const { order } = placed(
      await checkout(
        app(),
        payload([productLine(tonic, { qty: 5 })], { deliverType: 'delivery', areaId: eppendorf.id, address: 'Eppendorfer Landstraße 1', tip: 1 }),
      ),
    );
    // 17.50 + 2.00 fee = 19.50, all drinks: the fee follows them. VAT is included, so nothing is added on top.
    expect(order.payment).toMatchObject({ cartTotal: 17.5, deliver: 2, tax: 0, tip: 1, price: 20.5 });
    const base = 1950;
    expect(order.payment.taxItems).toEqual([
      { name: 'MwSt. 19 %', amount: 19, base: euros(base), value: euros(Math.round((base * 19) / 119)), inclusive: true },
    ]);
  });

  it('refuses ids that belong to another product or menu slot (foreign ids) instead of pricing them', async () => {
    const margherita = productNamed(catalog, 'Pizza Margherita');
    const salami = productNamed(catalog, 'Pizza salami');
    const caesar = productNamed(catalog, 'Caesar salad');
    const base = productLine(margherita, { sizeIndex: 1 });
    const crust = margherita.variants[0];
    const salamiCrust = salami.variants[0];
    const caesarToppings = caesar.variants[0];
    if (!crust || !salamiCrust || !caesarToppings) throw new Error('the seeded products changed');
    const foreign: Record<string, unknown> = {
      anotherPizzasExtra: { ...base, extraIds: [salami.extras[0]?.id] },
      anotherPizzasSize: { ...base, sizeId: salami.sizes[2]?.id },
      anotherPizzasOptionInOwnVariant: { ...base, options: { [crust.id]: [salamiCrust.options[1]?.id] } },
      anotherPizzasVariant: { ...base, options: { ...base.options, [salamiCrust.id]: [salamiCrust.options[1]?.id] } },
      // A priced topping of the Caesar salad would make the pizza dearer, not cheaper; still refused.
      anotherProductsPricedOption: { ...base, options: { ...base.options, [caesarToppings.id]: [caesarToppings.options[0]?.id] } },
    };
    const before = await orderCount(db());
    for (const [name, line] of Object.entries(foreign)) {
      expect(fieldErrors(await checkout(app(), payload([line]))), name).toHaveProperty(['items[0]']);
    }
    const burgerMeal = menuNamed(catalog, 'Burger meal');
    const meal = menuLine(burgerMeal);
    const [burgerSlot, sideSlot] = meal.items;
    const caesarOption = { [caesarToppings.id]: [caesarToppings.options[0]?.id] };
    const foreignMenus: Record<string, unknown> = {
      sideInTheBurgerSlot: { ...meal, items: [{ ...burgerSlot, productId: sideSlot?.productId }, ...meal.items.slice(1)] },
      foreignOptionInASlot: { ...meal, items: [{ ...burgerSlot, options: { ...burgerSlot?.options, ...caesarOption } }, ...meal.items.slice(1)] },
      foreignExtraInASlot: { ...meal, items: [{ ...burgerSlot, extraIds: [margherita.extras[0]?.id] }, ...meal.items.slice(1)] },
      slotOfAnotherMenu: { ...meal, items: [...meal.items.slice(0, 2), { ...meal.items[2], slotId: menuNamed(catalog, 'Lunch menu').items[0]?.id }] },
    };
    for (const [name, line] of Object.entries(foreignMenus)) {
      expect(fieldErrors(await checkout(app(), payload([line]))), name).toHaveProperty(['items[0]']);
    }
    expect(await orderCount(db())).toBe(before);
  });

  it('never prices negative, fractional or huge quantities', async () => {
    const tonic = productNamed(catalog, 'Tonic water');
    const before = await orderCount(db());
    for (const qty of [-1, -100, 0.5, 2.000001, 1e9, 1e308, Number.MAX_SAFE_INTEGER + 2]) {
      const errors = fieldErrors(await checkout(app(), payload([{ ...productLine(tonic), qty }, productLine(tonic, { qty: 20 })])));
      expect(errors, String(qty)).toEqual({ 'items[0].qty': [expect.any(String)] });
    }
    expect(await orderCount(db())).toBe(before);
    // 99 is the most a product line takes, and it is priced exactly.
    const { order } = placed(await checkout(app(), payload([productLine(tonic, { qty: 99 })])));
    expect(order.payment.cartTotal).toBe(346.5);
  });
});
