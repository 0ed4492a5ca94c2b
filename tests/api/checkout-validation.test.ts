/**
 * Every rule `POST /api/checkout/v2` enforces, one at a time against an otherwise valid payload:
 * the answer is a 422 in the spec's shape `{ message: 'Validation Error', data: { field: [msg] } }`
 * (German by default, English with `accept-language: en`), and nothing is stored.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import type { Menu } from '../../src/shared/contract/catalog';
import {
  ALL_WEEK,
  areaNamed,
  berlinClock,
  call,
  XSRF_HEADERS,
  type Catalog,
  checkout,
  fieldErrors,
  loadCatalog,
  menuLine,
  menuNamed,
  nextLocalSlot,
  nextMondayNoon,
  orderCount,
  payload,
  placed,
  productLine,
  productNamed,
  withSetting,
  withWorkingHours,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const EN = { 'accept-language': 'en' };
const REQUIRED_DE = 'Dieses Feld ist erforderlich.';
const QTY_DE = 'Die Menge muss eine ganze Zahl im erlaubten Bereich sein.';
const QTY_EN = 'The quantity must be a whole number within the allowed range.';

describe.each(backends())('checkout validation on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  /** A takeaway cash order of one bread basket: valid as it stands. */
  const bread = () => productLine(productNamed(catalog, 'Bread basket with herb butter'));
  const valid = (overrides: Record<string, unknown> = {}) => payload([bread()], overrides);

  it('accepts the baseline payload every other test breaks in one place', async () => {
    const result = placed(await checkout(app(), valid()));
    expect(result.order.status).toBe('pending_approval');
  });

  it('refuses an unknown product and a product that is switched off', async () => {
    const unknown = fieldErrors(await checkout(app(), valid({ items: [bread(), { ...bread(), productId: 999_999 }] })));
    expect(unknown).toEqual({ 'items[1]': ['Ein Artikel in Ihrem Warenkorb gibt es nicht mehr. Bitte entfernen Sie ihn.'] });

    const bruschetta = productNamed(catalog, 'Bruschetta');
    await db().update(t.products).set({ active: false }).where(eq(t.products.id, bruschetta.id));
    try {
      const de = fieldErrors(await checkout(app(), valid({ items: [productLine(bruschetta)] })));
      expect(de['items[0]']?.[0]).toMatch(/^„Bruschetta“ ist gerade nicht erhältlich\./);
      const en = fieldErrors(await checkout(app(), valid({ items: [productLine(bruschetta)] }), { headers: EN }));
      expect(en['items[0]']).toEqual(['"Bruschetta" is not available right now. Please remove it from your cart.']);
      // The catalog stops offering it too, also to a client that still has its direct link.
      const direct = await call(app(), 'GET', `/api/products/categories/${bruschetta.category.id}/products/${bruschetta.id}`);
      expect(direct.status).toBe(404);
      const list = await call<{ data: { id: number }[] }>(app(), 'GET', `/api/products/categories/${bruschetta.category.id}/products`);
      expect(list.body.data.map((p) => p.id)).not.toContain(bruschetta.id);
    } finally {
      await db().update(t.products).set({ active: true }).where(eq(t.products.id, bruschetta.id));
    }
    placed(await checkout(app(), valid({ items: [productLine(bruschetta)] })));
  });

  it('refuses a menu whose chosen slot product is switched off, and a switched-off menu', async () => {
    const burgerMeal = menuNamed(catalog, 'Burger meal');
    const drinkSlot = burgerMeal.items[2];
    const drink = drinkSlot?.products[0];
    if (!drink) throw new Error('the burger meal has no drink');
    await db().update(t.products).set({ active: false }).where(eq(t.products.id, drink.id));
    try {
      const errors = fieldErrors(await checkout(app(), valid({ items: [menuLine(burgerMeal)] }), { headers: EN }));
      expect(errors['items[0]']).toEqual([`"${drink.name}" is not available right now. Please remove it from your cart.`]);
      // The menu no longer offers it in its slot.
      const menus = await call<{ data: Menu[] }>(app(), 'GET', '/api/products/menus');
      const slot = menus.body.data.find((m) => m.id === burgerMeal.id)?.items.find((i) => i.id === drinkSlot?.id);
      expect(slot?.products.map((p) => p.id)).not.toContain(drink.id);
      expect(slot?.products.length).toBe((drinkSlot?.products.length ?? 0) - 1);
      // Another drink in the same slot is fine.
      placed(await checkout(app(), valid({ items: [menuLine(burgerMeal, 1, { 2: { product: 1 } })] })));
    } finally {
      await db().update(t.products).set({ active: true }).where(eq(t.products.id, drink.id));
    }

    await db().update(t.menus).set({ active: false }).where(eq(t.menus.id, burgerMeal.id));
    try {
      const errors = fieldErrors(await checkout(app(), valid({ items: [menuLine(burgerMeal)] })));
      expect(errors['items[0]']).toEqual(['Ein Artikel in Ihrem Warenkorb gibt es nicht mehr. Bitte entfernen Sie ihn.']);
    } finally {
      await db().update(t.menus).set({ active: true }).where(eq(t.menus.id, burgerMeal.id));
    }
  });

  it('refuses a size, option or extra the product does not have, and a missing required option', async () => {
    const margherita = productNamed(catalog, 'Pizza Margherita');
    const salami = productNamed(catalog, 'Pizza salami');
    const base = productLine(margherita, { sizeIndex: 1 });
    const crust = margherita.variants[0];
    if (!crust) throw new Error('margherita has no variants');
    const invalid = {
      unknownSize: { ...base, sizeId: 999_999 },
      otherProductsSize: { ...base, sizeId: salami.sizes[1]?.id },
      unknownOption: { ...base, options: { [crust.id]: [999_999] } },
      unknownVariant: { ...base, options: { ...base.options, 999_999: [1] } },
      twoOptionsInASelect: { ...base, options: { [crust.id]: crust.options.map((o) => o.id) } },
      requiredOptionMissing: { ...base, options: {} },
      unknownExtra: { ...base, extraIds: [999_999] },
      sameExtraTwice: { ...base, extraIds: [margherita.extras[0]?.id, margherita.extras[0]?.id] },
    };
    for (const [name, line] of Object.entries(invalid)) {
      const errors = fieldErrors(await checkout(app(), valid({ items: [line] }), { headers: EN }));
      expect(errors, name).toEqual({ 'items[0]': ['The choices for "Pizza Margherita" are no longer valid. Please customise the item again.'] });
    }
    const de = fieldErrors(await checkout(app(), valid({ items: [invalid.unknownSize] })));
    expect(de['items[0]']?.[0]).toMatch(/^Die Auswahl für „Pizza Margherita“ ist nicht mehr gültig\./);
    placed(await checkout(app(), valid({ items: [base] })));
  });

  it('refuses option and extra lists that are not shaped as the contract says', async () => {
    const choice = ['Diese Auswahl ist nicht gültig.'];
    const malformed: [string, Record<string, unknown>, string][] = [
      ['variant key not a number', { options: { abc: [1] } }, 'items[0].options'],
      ['option ids not a list', { options: { 1: 1 } }, 'items[0].options'],
      ['option id not a whole number', { options: { 1: [1.5] } }, 'items[0].options'],
      ['options a list', { options: [[1]] }, 'items[0].options'],
      ['extras not a list', { extraIds: 5 }, 'items[0].extraIds'],
      ['extra id negative', { extraIds: [-1] }, 'items[0].extraIds[0]'],
      ['too many extras', { extraIds: Array.from({ length: 51 }, (_, i) => i + 1) }, 'items[0].extraIds'],
    ];
    for (const [name, patch, field] of malformed) {
      const errors = fieldErrors(await checkout(app(), valid({ items: [{ ...bread(), ...patch }] })));
      expect(Object.keys(errors), name).toEqual([field]);
      if (field === 'items[0].options' || name === 'too many extras') expect(errors[field], name).toEqual(choice);
    }
  });

  it('refuses menu slot choices that are not the slot’s candidates', async () => {
    const lunch = menuNamed(catalog, 'Lunch menu');
    const line = menuLine(lunch);
    const [soup, main] = line.items;
    if (!soup || !main) throw new Error('lunch menu has fewer than two slots');
    const pizza = productNamed(catalog, 'Pizza Margherita');
    const invalid = {
      productOfAnotherSlot: { ...line, items: [{ ...soup, productId: main.productId }, ...line.items.slice(1)] },
      productOfNoSlot: { ...line, items: [{ ...soup, productId: pizza.id }, ...line.items.slice(1)] },
      unknownProduct: { ...line, items: [{ ...soup, productId: 999_999 }, ...line.items.slice(1)] },
      slotMissing: { ...line, items: line.items.slice(1) },
      unknownSlot: { ...line, items: [...line.items, { ...soup, slotId: 999_999 }] },
      slotTwice: { ...line, items: [...line.items, soup] },
      optionOfAnotherProduct: { ...line, items: [{ ...soup, options: { [pizza.variants[0]?.id ?? 0]: [pizza.variants[0]?.options[0]?.id] } }, ...line.items.slice(1)] },
    };
    for (const [name, bad] of Object.entries(invalid)) {
      const errors = fieldErrors(await checkout(app(), valid({ items: [bad] }), { headers: EN }));
      expect(errors, name).toEqual({ 'items[0]': ['The choices for "Lunch menu" are no longer valid. Please customise the item again.'] });
    }
    expect(fieldErrors(await checkout(app(), valid({ items: [{ ...line, menuId: 999_999 }] })))).toHaveProperty('items[0]');
  });

  it('refuses quantities that are not whole numbers from 1 to 6 (menus) or 1 to 99 (products)', async () => {
    const menu = menuLine(menuNamed(catalog, 'Burger meal'));
    const cases: [string, unknown][] = [
      ['product', 0],
      ['product', -1],
      ['product', 1.5],
      ['product', 100],
      ['product', 'abc'],
      ['product', 1e9],
      ['product', null],
      ['menu', 0],
      ['menu', 7],
      ['menu', 2.5],
      ['menu', -3],
    ];
    for (const [kind, qty] of cases) {
      const line = kind === 'product' ? { ...bread(), qty } : { ...menu, qty };
      const errors = fieldErrors(await checkout(app(), valid({ items: [line] })));
      expect(errors, `${kind} ${String(qty)}`).toEqual({ 'items[0].qty': [QTY_DE] });
    }
    const en = fieldErrors(await checkout(app(), valid({ items: [{ ...menu, qty: 7 }] }), { headers: EN }));
    expect(en).toEqual({ 'items[0].qty': [QTY_EN] });
    // The edges themselves are fine.
    placed(await checkout(app(), valid({ items: [{ ...menu, qty: 6 }, { ...bread(), qty: 99 }] })));
  });

  it('refuses an empty, oversized or malformed cart and a body that is not an object', async () => {
    const empty = fieldErrors(await checkout(app(), valid({ items: [] })));
    expect(empty).toEqual({ items: ['Ihr Warenkorb ist leer oder ungültig.'] });
    expect(fieldErrors(await checkout(app(), valid({ items: undefined })))).toHaveProperty('items');
    expect(fieldErrors(await checkout(app(), valid({ items: Array.from({ length: 61 }, () => bread()) })))).toHaveProperty('items');
    expect(fieldErrors(await checkout(app(), valid({ items: [{ ...bread(), type: 'giftCard' }] })))).toHaveProperty(['items[0].type']);
    expect(fieldErrors(await checkout(app(), valid({ items: [{ ...bread(), productId: 'x' }] })))).toHaveProperty(['items[0].productId']);

    for (const raw of ['[]', '"order"', '42', 'null']) {
      const res = await app().inject({
        method: 'POST',
        url: '/api/checkout/v2',
        headers: { ...XSRF_HEADERS, 'content-type': 'application/json', 'idempotency-key': 'a-key-for-odd-bodies-0001' },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(422);
      const body = JSON.parse(res.body) as { message: string; data: Record<string, string[]> };
      expect(body.message).toBe('Validation Error');
      // The whole body is wrong, not one field: reported under 'value', never under an empty name.
      expect(Object.keys(body.data), raw).toEqual(['value']);
    }
    const noBody = await app().inject({ method: 'POST', url: '/api/checkout/v2', headers: { ...XSRF_HEADERS, 'idempotency-key': 'a-key-without-a-body-001' } });
    expect(noBody.statusCode).toBe(422);
    expect(Object.keys((JSON.parse(noBody.body) as { data: object }).data)).toEqual(
      expect.arrayContaining(['items', 'name', 'email', 'phone', 'deliverType', 'deliverAt', 'terms', 'paymentType']),
    );
  });

  it('answers 422, never 500, when a text field holds an array or an object', async () => {
    const fields = ['name', 'email', 'phone', 'address', 'extras', 'buildingCode', 'zipcode', 'notes', 'table', 'paymentType'];
    for (const field of [...fields, 'deliverType', 'deliverAt', 'deliverDate']) {
      for (const value of [['x'], { x: 1 }]) {
        const errors = fieldErrors(await checkout(app(), valid({ [field]: value })));
        expect(Object.keys(errors), `${field} ${JSON.stringify(value)}`).toEqual([field]);
      }
    }
    // Query strings too: a repeated parameter arrives as an array.
    for (const url of ['/api/checkout/check?payment=sandbox&payment=cash&sess=aaaaaaaaaaaaaaaaaaaa', '/api/translations?lang=de&lang=en']) {
      const res = await call<{ message: string }>(app(), 'GET', url);
      expect(res.status, url).toBe(422);
      expect(res.body.message).toBe('Validation Error');
    }
  });

  it('refuses a deliver type the operator switched off', async () => {
    const types = { delivery: 'ALLOW_DELIVERY', takeaway: 'ALLOW_TAKEAWAY', curbside: 'ALLOW_CURBSIDE' } as const;
    const eppendorf = areaNamed(catalog, 'Eppendorf');
    const enough = [{ ...bread(), qty: 4 }];
    for (const [deliverType, setting] of Object.entries(types)) {
      const car = deliverType === 'curbside' ? { car: 'rot, VW Golf, HH-AB 123' } : {};
      const body = valid({ items: enough, deliverType, areaId: eppendorf.id, address: 'Eppendorfer Landstraße 1', ...car });
      await withSetting(db(), setting, '', async () => {
        const errors = fieldErrors(await checkout(app(), body));
        expect(errors, deliverType).toEqual({ deliverType: ['Diese Bestellart bieten wir gerade nicht an.'] });
      });
      expect((placed(await checkout(app(), body))).order.deliverType).toBe(deliverType);
    }
    const unknownType = fieldErrors(await checkout(app(), valid({ deliverType: 'drone' })));
    expect(unknownType).toEqual({ deliverType: [REQUIRED_DE] });
  });

  it('refuses delivery below the area’s minimum order and names the shortfall', async () => {
    const eppendorf = areaNamed(catalog, 'Eppendorf');
    expect(eppendorf.minimumOrder).toBe(15);
    const delivery = { deliverType: 'delivery', areaId: eppendorf.id, address: 'Eppendorfer Landstraße 1' };

    const de = fieldErrors(await checkout(app(), valid(delivery)));
    expect(Object.keys(de)).toEqual(['areaId']);
    // 15,00 € minimum, a 4,50 € bread basket: 10,50 € missing (Intl puts a no-break space before the €).
    expect(de.areaId?.[0]).toMatch(/^Fügen Sie noch 10,50\s€ hinzu, um den Mindestbestellwert von 15,00\s€ für Eppendorf zu erreichen\.$/);
    const en = fieldErrors(await checkout(app(), valid(delivery), { headers: EN }));
    expect(en.areaId).toEqual(['Add €10.50 to reach the minimum order of €15.00 for Eppendorf.']);

    // One cent short and exactly there.
    const toast = productLine(productNamed(catalog, 'North Sea shrimp toast'));
    const short = fieldErrors(await checkout(app(), valid({ ...delivery, items: [toast] }), { headers: EN }));
    expect(short.areaId?.[0]).toMatch(/^Add €0\.10 to reach the minimum order of €15\.00 for Eppendorf\.$/);
    // The tip and the delivery fee never count towards the minimum.
    const tipped = fieldErrors(await checkout(app(), valid({ ...delivery, items: [toast], tip: 20 })));
    expect(tipped).toHaveProperty('areaId');
    placed(await checkout(app(), valid({ ...delivery, items: [toast, bread()] })));

    // The minimum is a delivery rule: takeaway of the same cart is fine.
    placed(await checkout(app(), valid({ areaId: eppendorf.id })));
    const unknownArea = fieldErrors(await checkout(app(), valid({ ...delivery, areaId: 999_999 })));
    expect(unknownArea).toEqual({ areaId: ['Bitte wählen Sie ein Liefergebiet.'] });
  });

  it('requires the terms to be accepted', async () => {
    const message = ['Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.'];
    expect(fieldErrors(await checkout(app(), valid({ terms: undefined })))).toEqual({ terms: message });
    expect(fieldErrors(await checkout(app(), valid({ terms: false })))).toEqual({ terms: message });
    const en = fieldErrors(await checkout(app(), valid({ terms: false }), { headers: EN }));
    expect(en).toEqual({ terms: ['Please accept the terms and the privacy policy.'] });
  });

  it('requires a guest’s name, e-mail and phone, and checks the e-mail and phone', async () => {
    const missing = fieldErrors(await checkout(app(), valid({ name: undefined, email: undefined, phone: undefined })));
    expect(missing).toEqual({ name: [REQUIRED_DE], email: [REQUIRED_DE], phone: [REQUIRED_DE] });
    const blank = fieldErrors(await checkout(app(), valid({ name: '   ', email: '', phone: '' })));
    expect(blank).toEqual({ name: [REQUIRED_DE], email: [REQUIRED_DE], phone: [REQUIRED_DE] });

    for (const email of ['erika', 'erika@', 'erika@example', '@example.org', 'er ika@example.org', `${'e'.repeat(65)}@example.org`, 'a@example.org>', 'Erika <e@example.org>', 'e@example..org']) {
      const errors = fieldErrors(await checkout(app(), valid({ email })));
      expect(errors, email).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'] });
    }
    // Over 254 characters in all: too long, and no valid address either.
    const long = fieldErrors(await checkout(app(), valid({ email: `e@${'x'.repeat(250)}.org` })));
    expect(long.email).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    for (const phone of ['12', 'abc', '+49 1', '0000000000000000']) {
      const errors = fieldErrors(await checkout(app(), valid({ phone }), { headers: EN }));
      expect(errors, phone).toEqual({ phone: ['Please enter a valid phone number.'] });
    }
    expect(fieldErrors(await checkout(app(), valid({ name: 'x'.repeat(121) })))).toEqual({ name: ['Dieser Text ist zu lang.'] });
    // A national number is read in the restaurant's country.
    placed(await checkout(app(), valid({ phone: '040 7654321' })));
  });

  it('requires an area and an address for delivery', async () => {
    const errors = fieldErrors(await checkout(app(), valid({ deliverType: 'delivery' })));
    expect(errors).toEqual({ areaId: [REQUIRED_DE], address: [REQUIRED_DE] });
    const eppendorf = areaNamed(catalog, 'Eppendorf');
    const noAddress = fieldErrors(await checkout(app(), valid({ deliverType: 'delivery', areaId: eppendorf.id, address: '  ' })));
    expect(noAddress).toEqual({ address: [REQUIRED_DE] });
  });

  it('requires a delivery time, and a date when the diner chose "later"', async () => {
    expect(fieldErrors(await checkout(app(), valid({ deliverAt: undefined })))).toEqual({ deliverAt: [REQUIRED_DE] });
    expect(fieldErrors(await checkout(app(), valid({ deliverAt: 'tomorrow' })))).toEqual({ deliverAt: [REQUIRED_DE] });
    expect(fieldErrors(await checkout(app(), valid({ deliverDate: undefined })))).toEqual({ deliverDate: [REQUIRED_DE] });
    expect(fieldErrors(await checkout(app(), valid({ deliverDate: null })))).toEqual({ deliverDate: [REQUIRED_DE] });
    const dateFormat = ['Bitte wählen Sie Datum und Uhrzeit.'];
    const evening = nextLocalSlot([3, 4], '19:00');
    for (const deliverDate of [evening.replace('T', ' '), `${evening}:00`, '2030-13-01T19:00', '2030-02-31T25:00', 'soon']) {
      expect(fieldErrors(await checkout(app(), valid({ deliverDate }))), deliverDate).toEqual({ deliverDate: dateFormat });
    }
  });

  it('refuses scheduled times in the past, too soon, beyond 14 days or outside opening hours', async () => {
    const now = Date.now();
    const local = (ms: number) => berlinClock(new Date(ms)).local;
    const cases: [string, string][] = [
      [local(now - 86_400_000), 'Bitte wählen Sie eine Zeit mindestens 15 Minuten ab jetzt.'],
      [local(now + 5 * 60_000), 'Bitte wählen Sie eine Zeit mindestens 15 Minuten ab jetzt.'],
      [local(now + 15 * 86_400_000), 'Bitte wählen Sie eine Zeit innerhalb der nächsten 14 Tage.'],
      [nextMondayNoon(), 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb der Öffnungszeiten.'],
      [nextLocalSlot([3], '03:00'), 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb der Öffnungszeiten.'],
      // Tuesday to Thursday close between lunch and dinner (14:30–17:30).
      [nextLocalSlot([1, 2], '16:00'), 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb der Öffnungszeiten.'],
    ];
    for (const [deliverDate, message] of cases) {
      expect(fieldErrors(await checkout(app(), valid({ deliverDate }))), deliverDate).toEqual({ deliverDate: [message] });
    }
    const en = fieldErrors(await checkout(app(), valid({ deliverDate: nextMondayNoon() }), { headers: EN }));
    expect(en).toEqual({ deliverDate: ['We are closed at that time. Please choose a time within our opening hours.'] });

    // Opening hours of the seed: the scheduled evening is stored as that Berlin wall-clock time.
    const evening = nextLocalSlot([3, 4], '19:00');
    const order = placed(await checkout(app(), valid({ deliverDate: evening }))).order;
    expect(order.deliverAt).not.toBeNull();
    expect(berlinClock(new Date(order.deliverAt ?? '')).local).toBe(evening);
  });

  it('refuses "now" while the restaurant is closed, naming the next opening when there is one', async () => {
    const now = { deliverAt: 'now', deliverDate: null };
    await withWorkingHours(db(), [], async () => {
      expect(fieldErrors(await checkout(app(), valid(now)))).toEqual({ deliverAt: ['Wir haben gerade geschlossen.'] });
    });
    // Open on one day only, three days from today (Berlin): closed now, open later.
    const inThreeDays = (berlinClock(new Date()).weekday + 3) % 7;
    await withWorkingHours(db(), [{ weekday: inThreeDays, start: '10:00', end: '11:00' }], async () => {
      const de = fieldErrors(await checkout(app(), valid(now)));
      expect(de.deliverAt?.[0]).toMatch(/^Wir haben gerade geschlossen\. Bitte wählen Sie eine Lieferzeit ab .+10:00\.$/);
      const en = fieldErrors(await checkout(app(), valid(now), { headers: EN }));
      expect(en.deliverAt?.[0]).toMatch(/^We are closed right now\. Please choose a delivery time from .+10:00\.$/);
    });
    await withWorkingHours(db(), ALL_WEEK, async () => {
      const order = placed(await checkout(app(), valid(now))).order;
      expect(order.deliverAt).toBeNull();
    });
  });

  it('refuses every order while the restaurant is inactive', async () => {
    await withSetting(db(), 'RESTAURANT_ACTIVE', '', async () => {
      expect(fieldErrors(await checkout(app(), valid()))).toEqual({ restaurant: ['Das Restaurant nimmt gerade keine Bestellungen an.'] });
      const en = fieldErrors(await checkout(app(), valid(), { headers: EN }));
      expect(en).toEqual({ restaurant: ['The restaurant is not taking orders right now.'] });
    });
    placed(await checkout(app(), valid()));
  });

  it('answers 401 to a guest when guest checkout is off', async () => {
    await withSetting(db(), 'ALLOW_GUEST_CHECKOUT', '', async () => {
      const res = await checkout(app(), valid());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Bitte melden Sie sich an, um zu bestellen.' });
      const en = await checkout(app(), valid(), { headers: EN });
      expect(en.status).toBe(401);
      expect(en.body).toEqual({ message: 'Please log in to order.' });
    });
  });

  it('refuses loyalty points and saved addresses for a guest', async () => {
    expect(fieldErrors(await checkout(app(), valid({ useProfit: true })))).toEqual({
      useProfit: ['Punkte können Sie einlösen, wenn Sie angemeldet sind.'],
    });
    expect(fieldErrors(await checkout(app(), valid({ addressId: 5 })))).toEqual({
      addressId: ['Gespeicherte Adressen gibt es nur mit einem Konto.'],
    });
    const both = fieldErrors(await checkout(app(), valid({ useProfit: true, addressId: 5 }), { headers: EN }));
    expect(both).toEqual({ useProfit: ['Log in to spend your points.'], addressId: ['Saved addresses need an account.'] });
    placed(await checkout(app(), valid({ useProfit: false, addressId: null })));
  });

  it('refuses an unknown or missing payment type', async () => {
    expect(fieldErrors(await checkout(app(), valid({ paymentType: 'paypal' })))).toEqual({
      paymentType: ['Diese Zahlungsart gibt es nicht.'],
    });
    expect(fieldErrors(await checkout(app(), valid({ paymentType: undefined })))).toEqual({ paymentType: [REQUIRED_DE] });
    expect(fieldErrors(await checkout(app(), valid({ paymentType: '' })))).toEqual({ paymentType: [REQUIRED_DE] });
  });

  it('refuses a tip out of range and over-long notes', async () => {
    const tip = ['Das Trinkgeld muss zwischen 0 und 500 liegen.'];
    expect(fieldErrors(await checkout(app(), valid({ tip: -1 })))).toEqual({ tip });
    expect(fieldErrors(await checkout(app(), valid({ tip: 500.01 })))).toEqual({ tip });
    expect(fieldErrors(await checkout(app(), valid({ tip: 'lots' })))).toEqual({ tip });
    expect(fieldErrors(await checkout(app(), valid({ notes: 'x'.repeat(501) })))).toEqual({ notes: ['Dieser Text ist zu lang.'] });
  });

  it('records an invoice request only while the restaurant issues invoices', async () => {
    expect(placed(await checkout(app(), valid({ issueInvoice: true }))).order.issueInvoice).toBe(true);
    await withSetting(db(), 'ALLOW_ISSUE_INVOICE', '', async () => {
      expect(placed(await checkout(app(), valid({ issueInvoice: true }))).order.issueInvoice).toBe(false);
    });
  });

  it('requires an Idempotency-Key header of 16 to 100 URL-safe characters', async () => {
    const message = ['Jede Bestellung braucht einen Idempotency-Key-Header (16–100 Zeichen).'];
    for (const key of [null, '', 'short-key', 'x'.repeat(15), 'x'.repeat(101), 'sixteen chars ok?', 'ümlaut-key-12345678']) {
      const res = await checkout(app(), valid(), { key });
      expect(fieldErrors(res), String(key)).toEqual({ idempotencyKey: message });
    }
    const en = fieldErrors(await checkout(app(), valid(), { key: null, headers: EN }));
    expect(en).toEqual({ idempotencyKey: ['Every order needs an Idempotency-Key header (16–100 characters).'] });
    placed(await checkout(app(), valid(), { key: 'x'.repeat(16) }));
    placed(await checkout(app(), valid(), { key: 'y'.repeat(100) }));
  });

  it('reports every broken field at once and stores nothing for a refused order', async () => {
    const before = await orderCount(db());
    const errors = fieldErrors(
      await checkout(app(), valid({ items: [{ ...bread(), qty: 0 }], email: 'nope', terms: false, deliverType: 'delivery' })),
    );
    expect(Object.keys(errors).sort()).toEqual(['address', 'areaId', 'email', 'items[0].qty', 'terms']);
    expect(await orderCount(db())).toBe(before);
  });

  it('takes numbers only as numbers: no hex, exponent or array forms, and no tip while tips are off', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tip: '0x10' }, 'tip'],
      [{ tip: '1e2' }, 'tip'],
      [{ tip: [5] }, 'tip'],
      [{ items: [{ ...bread(), qty: [2] }] }, 'items[0].qty'],
      [{ items: [{ ...bread(), qty: '2e0' }] }, 'items[0].qty'],
      [{ items: [{ ...bread(), productId: '0x1' }] }, 'items[0].productId'],
    ];
    for (const [overrides, field] of cases) {
      const errors = fieldErrors(await checkout(app(), valid(overrides)));
      expect(Object.keys(errors), JSON.stringify(overrides)).toContain(field);
    }
    // A plain decimal in a string is still a number.
    placed(await checkout(app(), valid({ items: [{ ...bread(), qty: '2' }] })));
    await withSetting(db(), 'ALLOW_TIP', '', async () => {
      expect(fieldErrors(await checkout(app(), valid({ tip: 2 }), { headers: EN })).tip).toEqual(['The restaurant does not take tips online.']);
      placed(await checkout(app(), valid({ tip: 0 })));
    });
  });
});
