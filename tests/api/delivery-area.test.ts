/**
 * The server decides which area delivers to an address (src/server/geo/delivery-area.ts): the typed
 * address is looked up with the geocoder (here the built-in gazetteer) and the zones decide. The
 * area picked from the list, or a marked pin, that disagrees with the address is refused.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { createGazetteerGeocoder } from '../../src/server/geo';
import { GeocoderUnavailable, type Geocoder } from '../../src/server/geo/geocoder';
import type { AddressOut } from '../../src/shared/contract/account';
import { authHeaders, EN, setSetting, signUp } from './account-helpers';
import { areaNamed, call, checkout, fieldErrors, loadCatalog, payload, placed, productLine, productNamed, type Catalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OTHER_AREA = (area: string) => `This address is in the ${area} delivery area. Please choose that area.`;
const UNKNOWN = 'We could not find this address. Please check the street and house number.';
const OUT_OF_RANGE = 'The location that you have marked is out of our delivery range';
const PIN_TOO_FAR = 'The marked location is too far from this address. Please mark where the address is.';

describe.each(backends())('the delivery area of a checkout on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const delivery = (areaName: string, address: string, extra: Record<string, unknown> = {}) =>
    payload([productLine(productNamed(catalog, 'Pizza Margherita'), { qty: 3 })], {
      deliverType: 'delivery',
      areaId: areaNamed(catalog, areaName).id,
      address,
      ...extra,
    });
  const ordersTo = async (address: string) => (await db().select({ n: count() }).from(t.orders).where(eq(t.orders.address, address)))[0]?.n;

  it('takes the order when the address lies in the chosen area, with the postcode the address has', async () => {
    const { order } = placed(await checkout(app(), delivery('Hoheluft', 'Falkenried 5', { zipcode: '99999' }), { headers: EN }));
    expect(order.address).toMatchObject({ area: 'Hoheluft', address: 'Falkenried 5', zipcode: '20253' });
  });

  it('refuses a cheaper area picked for an address in another one, and names the right one', async () => {
    // Eppendorf: 2 € fee from 15 € minimum; Falkenried is in Hoheluft (3 €, 20 €).
    const res = await checkout(app(), delivery('Eppendorf', 'Falkenried 7'), { headers: EN });
    expect(fieldErrors(res)).toEqual({ areaId: [OTHER_AREA('Hoheluft')] });
    expect(await ordersTo('Falkenried 7')).toBe(0);
  });

  it('refuses an address out of every zone, and one the geocoder does not know', async () => {
    expect(fieldErrors(await checkout(app(), delivery('Eppendorf', 'Max-Brauer-Allee 100'), { headers: EN }))).toEqual({ address: [OUT_OF_RANGE] });
    expect(fieldErrors(await checkout(app(), delivery('Eppendorf', 'Musterweg 1, 10115 Berlin'), { headers: EN }))).toEqual({ address: [UNKNOWN] });
  });
});

describe.each(backends())('the delivery area while the geocoder is down on %s', (backend) => {
  const down: Geocoder = {
    search: () => Promise.reject(new GeocoderUnavailable()),
    place: () => Promise.reject(new GeocoderUnavailable()),
    reverse: () => Promise.reject(new GeocoderUnavailable()),
  };
  const ctx = useTestApp(backend, { geocoder: down });
  const app = () => ctx().app;

  it('keeps taking orders on the chosen area: the kitchen must not stop because a map service did', async () => {
    const catalog = await loadCatalog(app());
    const body = payload([productLine(productNamed(catalog, 'Pizza Margherita'), { qty: 3 })], {
      deliverType: 'delivery',
      areaId: areaNamed(catalog, 'Eppendorf').id,
      address: 'Eppendorfer Landstraße 40',
    });
    expect(placed(await checkout(app(), body)).order.address).toMatchObject({ area: 'Eppendorf', zipcode: '20249' });
  });
});

describe.each(backends())('the delivery area of a saved address on %s', (backend) => {
  const ctx = useTestApp(backend, { geocoder: createGazetteerGeocoder() });
  const app = () => ctx().app;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const save = async (body: Record<string, unknown>) => {
    const c = await signUp(app());
    return call<{ data: AddressOut }>(app(), 'POST', '/api/me/addresses', { payload: body, headers: { ...EN, ...authHeaders(c.token) } });
  };

  it('old system: refuses an area that is not the address’s', async () => {
    await setSetting(ctx().database.db, 'USES_NEW_ADDRESS_SYSTEM', '');
    const res = await save({ name: 'Home', areaId: areaNamed(catalog, 'Eppendorf').id, address: 'Osterstraße 20' });
    expect(fieldErrors(res)).toEqual({ areaId: [OTHER_AREA('Eimsbüttel')] });
  });

  it('new system: trusts a pin only near its address, and an address only when it is found', async () => {
    await setSetting(ctx().database.db, 'USES_NEW_ADDRESS_SYSTEM', '1');
    const address = 'Eppendorfer Landstraße 10, 20249 Hamburg';
    const atTheDoor = { lat: 53.58335, lng: 9.98775 };
    const ok = await save({ name: 'Home', address, zipcode: '20249', coordinates: atTheDoor });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.area.name).toBe('Eppendorf');
    // A pin dropped in another zone, 1.2 km away, with the Eppendorf address text.
    const far = await save({ name: 'Home', address, zipcode: '20249', coordinates: { lat: 53.5727, lng: 9.95 } });
    expect(fieldErrors(far)).toEqual({ address: [PIN_TOO_FAR] });
    // A pin in range with an address that is nowhere near it, and unknown to the geocoder.
    const unknown = await save({ name: 'Home', address: 'Hauptstraße 5, 10115 Berlin', zipcode: '10115', coordinates: atTheDoor });
    expect(fieldErrors(unknown)).toEqual({ address: [UNKNOWN] });
  });
});
