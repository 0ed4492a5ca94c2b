/**
 * A guest's delivery in the new address system (decision 020): the guest marks the place (search
 * or current location) through the look-ups under /api/addresses, the order carries the
 * coordinates, and the server finds the area – and so the delivery price and the minimum order –
 * from them. Whatever area or price the body names is ignored; hostile coordinates are a 422.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { GUEST_LOOKUP_LIMIT } from '../../src/server/routes/addresses';
import type { AddressCheckResult, PlaceOut, PlaceSuggestion } from '../../src/shared/contract/account';
import { EN, freshAddress, setSetting } from './account-helpers';
import {
  areaNamed,
  call,
  cents,
  checkout,
  fieldErrors,
  loadCatalog,
  newKey,
  payload,
  placed,
  productLine,
  productNamed,
  type Catalog,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OUT_OF_RANGE = 'The location that you have marked is out of our delivery range';
const MARK_LOCATION = 'Please search for the address or mark your location.';

/** Places of the gazetteer (src/server/geo/gazetteer-data.ts). */
const OSTERSTRASSE_20: PlaceOut = {
  placeId: 'gz:osterstrasse:20',
  address: 'Osterstraße 20, 20259 Hamburg',
  zipcode: '20259',
  coordinates: { lat: 53.572743, lng: 9.949953 },
};
/** Altona: outside every delivery zone. */
const MAX_BRAUER_ALLEE_100: PlaceOut = {
  placeId: 'gz:max-brauer-allee:100',
  address: 'Max-Brauer-Allee 100, 22765 Hamburg',
  zipcode: '22765',
  coordinates: { lat: 53.553016, lng: 9.940645 },
};
const HARBURG_PIN = { lat: 53.4612, lng: 9.982 };

describe.each(backends())('a guest delivery in the new address system on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '1');
    catalog = await loadCatalog(app());
  });

  /** Three pizzas (26,70 €): above Eimsbüttel's 25 € minimum, below its 50 € free delivery. */
  const delivery = (extra: Record<string, unknown>) =>
    payload([productLine(productNamed(catalog, 'Pizza Margherita'), { qty: 3 })], { deliverType: 'delivery', ...extra });
  const ordersTo = async (address: string) => (await db().select({ n: count() }).from(t.orders).where(eq(t.orders.address, address)))[0]?.n;

  it('takes the order with the area, fee and postcode the coordinates lie in, with no area sent', async () => {
    const res = await checkout(app(), delivery({ address: OSTERSTRASSE_20.address, extras: '3. OG links', coordinates: OSTERSTRASSE_20.coordinates }), { headers: EN });
    const { order } = placed(res);
    const eimsbuettel = areaNamed(catalog, 'Eimsbüttel');
    expect(order.address).toMatchObject({ area: 'Eimsbüttel', address: OSTERSTRASSE_20.address, zipcode: '20259', extras: '3. OG links' });
    expect(cents(Number(order.payment.deliver))).toBe(cents(Number(eimsbuettel.deliveryPrice)));
    const [row] = await db().select({ areaId: t.orders.areaId, fee: t.orders.deliveryCents }).from(t.orders).where(eq(t.orders.code, order.code));
    expect(row).toEqual({ areaId: eimsbuettel.id, fee: 350 });
  });

  it('ignores a forged area and forged prices: the coordinates decide', async () => {
    const cheap = areaNamed(catalog, 'Eppendorf');
    const body = delivery({
      address: OSTERSTRASSE_20.address,
      coordinates: OSTERSTRASSE_20.coordinates,
      areaId: cheap.id,
      zipcode: '20249',
      deliveryPrice: 0,
      deliver: 0,
      price: 0.01,
      area: { id: cheap.id, deliveryPrice: 0, minimumOrder: 0 },
      payment: { deliver: 0, price: 0.01 },
    });
    const { order } = placed(await checkout(app(), body, { headers: EN }));
    expect(order.address).toMatchObject({ area: 'Eimsbüttel', zipcode: '20259' });
    expect(cents(Number(order.payment.deliver))).toBe(350);
    expect(cents(Number(order.payment.price))).toBe(3 * 890 + 350);
  });

  it('refuses coordinates outside every zone with the spec’s message on the address field, whatever the text says', async () => {
    const before = await ordersTo(OSTERSTRASSE_20.address);
    for (const body of [
      delivery({ address: MAX_BRAUER_ALLEE_100.address, coordinates: MAX_BRAUER_ALLEE_100.coordinates }),
      // An address in range with a pin far outside: the pin is what counts.
      delivery({ address: OSTERSTRASSE_20.address, coordinates: HARBURG_PIN, areaId: areaNamed(catalog, 'Eimsbüttel').id }),
    ]) {
      expect(fieldErrors(await checkout(app(), body, { headers: EN }))).toEqual({ address: [OUT_OF_RANGE] });
    }
    expect(await ordersTo(MAX_BRAUER_ALLEE_100.address)).toBe(0);
    expect(await ordersTo(OSTERSTRASSE_20.address)).toBe(before);
  });

  it('asks for the place when the coordinates are missing, and for no area', async () => {
    const res = await checkout(app(), delivery({ address: OSTERSTRASSE_20.address }), { headers: EN });
    expect(fieldErrors(res)).toEqual({ address: [MARK_LOCATION] });
  });

  it('puts the minimum order of the derived area on the address field', async () => {
    const body = payload([productLine(productNamed(catalog, 'Pizza Margherita'))], {
      deliverType: 'delivery',
      address: OSTERSTRASSE_20.address,
      coordinates: OSTERSTRASSE_20.coordinates,
    });
    const errors = fieldErrors(await checkout(app(), body, { headers: EN }));
    expect(Object.keys(errors)).toEqual(['address']);
    expect(errors.address?.[0]).toContain('Eimsbüttel');
  });

  it('answers hostile coordinates with a 422, never a 500 and never an order', async () => {
    const before = (await db().select({ n: count() }).from(t.orders))[0]?.n;
    const base = delivery({ address: OSTERSTRASSE_20.address });
    const hostile: unknown[] = [
      { lat: 'NaN', lng: 9.95 },
      { lat: '53.572743', lng: '9.949953' },
      { lat: 53.57, lng: 'Infinity' },
      { lat: 1e308, lng: 9.95 },
      { lat: -1e308, lng: 1e308 },
      { lat: 91, lng: 9.95 },
      { lat: 53.57, lng: 181 },
      { lat: null, lng: null },
      { lat: [53.57], lng: 9.95 },
      { lat: { valueOf: 53.57 }, lng: 9.95 },
      { lat: true, lng: false },
      { constructor: 'x', lat: 53.57, lng: { toString: 9.95 } },
      { toString: 53.57, valueOf: 9.95, hasOwnProperty: 1 },
      {},
      'Osterstraße 20',
      [53.572743, 9.949953],
      53.57,
      true,
    ];
    for (const coordinates of hostile) {
      const res = await checkout(app(), { ...base, coordinates }, { headers: EN });
      expect(res.status, `${JSON.stringify(coordinates)}: ${res.text}`).toBe(422);
      expect((res.body as { data: Record<string, string[]> }).data, JSON.stringify(coordinates)).toBeTypeOf('object');
    }
    // Raw JSON the object spread above cannot carry: numbers beyond a double, prototype keys.
    const raw = JSON.stringify(base).slice(0, -1);
    const send = (coordinates: string) =>
      call(app(), 'POST', '/api/checkout/v2', {
        payload: `${raw},"coordinates":${coordinates}}`,
        headers: { ...EN, 'content-type': 'application/json', 'idempotency-key': newKey() },
      });
    for (const coordinates of ['{"lat":1e400,"lng":9.95}', '{"lat":-1e400,"lng":9.95}', '{"lat":53.57,"lng":9.95e999999}']) {
      const res = await send(coordinates);
      expect(res.status, `${coordinates}: ${res.text}`).toBe(422);
      expect(Object.keys((res.body as { data: Record<string, string[]> }).data)).toEqual([expect.stringMatching(/^coordinates/)]);
    }
    // `__proto__` and `constructor.prototype` never reach the schema: the JSON parser refuses the body (400, with a message).
    for (const coordinates of ['{"__proto__":{"lat":53.57,"lng":9.95}}', '{"lat":53.57,"lng":9.95,"constructor":{"prototype":{"lat":1}}}']) {
      const res = await send(coordinates);
      expect(res.status, `${coordinates}: ${res.text}`).toBe(400);
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    }
    expect((await db().select({ n: count() }).from(t.orders))[0]?.n).toBe(before);
  });

  it('keeps the old system for guests while the setting is off: the area is chosen from the list', async () => {
    await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '');
    try {
      const res = await checkout(app(), delivery({ address: OSTERSTRASSE_20.address, coordinates: OSTERSTRASSE_20.coordinates }), { headers: EN });
      expect(fieldErrors(res)).toEqual({ areaId: ['This field is required.'] });
    } finally {
      await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '1');
    }
  });
});

describe.each(backends())('the address look-ups for guests on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '1');
    catalog = await loadCatalog(app());
  });

  const get = <T>(url: string, remoteAddress = freshAddress()) => call<{ data: T }>(app(), 'GET', url, { headers: EN, remoteAddress });
  const check = (body: unknown, remoteAddress = freshAddress()) =>
    call<{ data: AddressCheckResult }>(app(), 'POST', '/api/addresses/check', { payload: body, headers: EN, remoteAddress });

  it('search, place details and the range check answer a visitor without an account', async () => {
    const found = await get<PlaceSuggestion[]>(`/api/addresses/search-fixed?q=${encodeURIComponent('Osterstraße 20')}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data[0]).toEqual({ placeId: OSTERSTRASSE_20.placeId, address: OSTERSTRASSE_20.address });
    const anywhere = await get<PlaceSuggestion[]>(`/api/addresses/search?q=${encodeURIComponent('Max-Brauer-Allee 100')}`);
    expect(anywhere.body.data[0]?.placeId).toBe(MAX_BRAUER_ALLEE_100.placeId);

    const place = await get<PlaceOut>(`/api/addresses/places/${encodeURIComponent(OSTERSTRASSE_20.placeId)}`);
    expect(place.body.data).toEqual(OSTERSTRASSE_20);

    const byId = await check({ placeId: OSTERSTRASSE_20.placeId });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.data).toEqual({ area: areaNamed(catalog, 'Eimsbüttel'), place: OSTERSTRASSE_20 });
    const byPin = await check({ coordinates: OSTERSTRASSE_20.coordinates });
    expect(byPin.body.data.area).toEqual(areaNamed(catalog, 'Eimsbüttel'));
    expect(fieldErrors(await check({ coordinates: HARBURG_PIN }))).toEqual({ address: [OUT_OF_RANGE] });
  });

  it('refuses hostile check bodies with a 422', async () => {
    for (const body of [{ coordinates: { lat: 'x', lng: 9.9 } }, { coordinates: { lat: 1e308, lng: 9.9 } }, { coordinates: [1, 2] }, { placeId: ['a'] }, { address: { a: 1 } }]) {
      expect((await check(body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('keeps the spec’s paths under /me for signed-in customers only', async () => {
    expect((await get(`/api/me/addresses/search-fixed?q=Osterstr`)).status).toBe(401);
    expect((await check({ placeId: OSTERSTRASSE_20.placeId }).then(() => call(app(), 'POST', '/api/me/addresses/check', { payload: {}, headers: EN }))).status).toBe(401);
  });

  it('is closed while the old address system runs', async () => {
    await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '');
    try {
      expect((await get(`/api/addresses/search-fixed?q=Osterstr`)).status).toBe(404);
      expect((await check({ placeId: OSTERSTRASSE_20.placeId })).status).toBe(404);
    } finally {
      await setSetting(db(), 'USES_NEW_ADDRESS_SYSTEM', '1');
    }
  });

  it(`counts look-ups per network address: ${GUEST_LOOKUP_LIMIT.limit} in ${GUEST_LOOKUP_LIMIT.windowSeconds / 60} minutes, then 429`, async () => {
    expect(GUEST_LOOKUP_LIMIT).toEqual({ limit: 120, windowSeconds: 600 });
    const busy = freshAddress();
    for (let i = 0; i < GUEST_LOOKUP_LIMIT.limit; i++) {
      const res = await get(`/api/addresses/search-fixed?q=Osterstr`, busy);
      expect(res.status, `look-up ${i + 1}`).toBe(200);
    }
    const refused = await check({ placeId: OSTERSTRASSE_20.placeId }, busy);
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { message: string }).message).toBe('Very many address searches just came from here. Please try again in 10 minutes.');
    // Another address is not affected.
    expect((await get(`/api/addresses/search-fixed?q=Osterstr`)).status).toBe(200);
  });
});
