/**
 * Saved delivery addresses (`/api/me/addresses…`). In the old address system the customer picks
 * the area from a list; in the new one (USES_NEW_ADDRESS_SYSTEM) the server finds it from the
 * location with the delivery zones, using the built-in gazetteer (no network). A customer only
 * ever sees their own addresses: another customer's id answers like one that does not exist.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressCheckResult, AddressOut, PlaceOut, PlaceSuggestion } from '../../src/shared/contract/account';
import type { Area } from '../../src/shared/contract/catalog';
import * as t from '../../src/server/db/schema';
import { authHeaders, type Customer, EN, saveAddress, setSetting, signUp } from './account-helpers';
import { areaNamed, type Catalog, call, fieldErrors, loadCatalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const REQUIRED = 'This field is required.';
const NOT_FOUND = { message: 'This address does not exist.' };
const OUT_OF_RANGE = 'The location that you have marked is out of our delivery range';

/** Places of the gazetteer (src/server/geo/gazetteer-data.ts) and where they lie. */
const EPPENDORFER_LANDSTRASSE_10: PlaceOut = {
  placeId: 'gz:eppendorfer-landstrasse:10',
  address: 'Eppendorfer Landstraße 10, 20249 Hamburg',
  zipcode: '20249',
  coordinates: { lat: 53.583237, lng: 9.987619 },
};
const OSTERSTRASSE_20: PlaceOut = {
  placeId: 'gz:osterstrasse:20',
  address: 'Osterstraße 20, 20259 Hamburg',
  zipcode: '20259',
  coordinates: { lat: 53.572743, lng: 9.949953 },
};
/** Altona: outside every delivery zone (and outside the bounded search's region). */
const MAX_BRAUER_ALLEE_100: PlaceOut = {
  placeId: 'gz:max-brauer-allee:100',
  address: 'Max-Brauer-Allee 100, 22765 Hamburg',
  zipcode: '22765',
  coordinates: { lat: 53.553016, lng: 9.940645 },
};
/** A pin on Hoheluftchaussee, in the Hoheluft zone. */
const HOHELUFT_PIN = { lat: 53.58265, lng: 9.97305 };
/** A pin in Harburg, far south of every zone. */
const HARBURG_PIN = { lat: 53.4612, lng: 9.982 };

describe.each(backends())('addresses (old system: the customer picks the area) on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let eppendorf: Area;
  let hoheluft: Area;
  let eimsbuettel: Area;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
    eppendorf = areaNamed(catalog, 'Eppendorf');
    hoheluft = areaNamed(catalog, 'Hoheluft');
    eimsbuettel = areaNamed(catalog, 'Eimsbüttel');
  });

  const as = (c: Customer) => ({ ...EN, ...authHeaders(c.token) });
  const list = async (c: Customer) => {
    const res = await call<{ data: AddressOut[] }>(app(), 'GET', '/api/me/addresses', { headers: as(c) });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const edit = (c: Customer, id: number) => call<{ data: AddressOut }>(app(), 'GET', `/api/me/addresses/${id}/edit`, { headers: as(c) });
  const update = (c: Customer, id: number, body: Record<string, unknown>) =>
    call<{ data: AddressOut }>(app(), 'PUT', `/api/me/addresses/${id}`, { payload: body, headers: as(c) });
  const remove = (c: Customer, id: number) => call(app(), 'DELETE', `/api/me/addresses/${id}`, { headers: as(c) });
  const create = (c: Customer, body: Record<string, unknown>) => call<{ data: AddressOut }>(app(), 'POST', '/api/me/addresses', { payload: body, headers: as(c) });
  const home = (): Record<string, unknown> => ({ name: 'Home', areaId: eppendorf.id, address: 'Eppendorfer Landstraße 10', extras: '3. OG links' });

  it('uses the seeded areas', () => {
    expect(eppendorf).toEqual({ id: eppendorf.id, name: 'Eppendorf', zipcode: '20249', minimumOrder: 15, deliveryPrice: 2, freeDeliveryThreshold: 35 });
    expect(hoheluft.zipcode).toBe('20253');
    expect(eimsbuettel.zipcode).toBe('20259');
  });

  it('creates an address (201) with its area nested; the first one becomes the default', async () => {
    const c = await signUp(app());
    const res = await create(c, { ...home(), isDefault: false, buildingCode: '4711' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Home',
      address: 'Eppendorfer Landstraße 10',
      extras: '3. OG links',
      isDefault: true,
      zipcode: '20249',
      coordinates: null,
      area: eppendorf,
      areaId: eppendorf.id,
      buildingCode: '4711',
    });
    expect(await list(c)).toEqual([res.body.data]);
    const edited = await edit(c, res.body.data.id);
    expect(edited.status).toBe(200);
    expect(edited.headers['cache-control']).toBe('no-store');
    expect(edited.body.data).toEqual(res.body.data);
  });

  it('lists the default first, each with its area’s minimum order, fee and free-delivery threshold', async () => {
    const c = await signUp(app());
    const first = await saveAddress(app(), c.token, home());
    const work = await saveAddress(app(), c.token, { name: 'Work', areaId: hoheluft.id, address: 'Hoheluftchaussee 40' });
    const parents = await saveAddress(app(), c.token, { name: 'Parents', areaId: eimsbuettel.id, address: 'Osterstraße 20', zipcode: '20259' });
    expect([first.isDefault, work.isDefault, parents.isDefault]).toEqual([true, false, false]);
    expect(work.area).toEqual({ id: hoheluft.id, name: 'Hoheluft', zipcode: '20253', minimumOrder: 20, deliveryPrice: 3, freeDeliveryThreshold: 45 });
    expect(parents.area).toEqual({ id: eimsbuettel.id, name: 'Eimsbüttel', zipcode: '20259', minimumOrder: 25, deliveryPrice: 3.5, freeDeliveryThreshold: 50 });

    // Marking another as default puts it first.
    const marked = await update(c, parents.id, { name: 'Parents', areaId: eimsbuettel.id, address: 'Osterstraße 20', isDefault: true });
    expect(marked.status, marked.text).toBe(200);
    const rows = await list(c);
    expect(rows.map((a) => a.name)).toEqual(['Parents', 'Home', 'Work']);
    expect(rows.map((a) => a.isDefault)).toEqual([true, false, false]);
  });

  it('updates an address, its area included', async () => {
    const c = await signUp(app());
    const a = await saveAddress(app(), c.token, home());
    const res = await update(c, a.id, { name: 'Office', areaId: hoheluft.id, address: 'Falkenried 5', extras: 'Hinterhaus', buildingCode: '12' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...a,
      name: 'Office',
      address: 'Falkenried 5',
      extras: 'Hinterhaus',
      zipcode: '20253',
      area: hoheluft,
      areaId: hoheluft.id,
      buildingCode: '12',
      // Unticking the only default leaves it the default: checkout always has one to preselect.
      isDefault: true,
    });
    expect((await edit(c, a.id)).body.data).toEqual(res.body.data);
  });

  it('keeps exactly one default: a new default unmarks the old one, deleting the default promotes another', async () => {
    const c = await signUp(app());
    const a = await saveAddress(app(), c.token, home());
    const b = await saveAddress(app(), c.token, { name: 'B', areaId: hoheluft.id, address: 'Lehmweg 3' });
    const d = await saveAddress(app(), c.token, { name: 'D', areaId: eimsbuettel.id, address: 'Heußweg 9', isDefault: true });
    expect(d.isDefault).toBe(true);
    let rows = await list(c);
    expect(rows.filter((x) => x.isDefault).map((x) => x.id)).toEqual([d.id]);
    expect(rows[0]?.id).toBe(d.id);

    // Deleting one that is not the default changes nothing else.
    expect((await remove(c, a.id)).status).toBe(200);
    rows = await list(c);
    expect(rows.map((x) => [x.id, x.isDefault])).toEqual([
      [d.id, true],
      [b.id, false],
    ]);

    // Deleting the default makes another one the default.
    const res = await remove(c, d.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    rows = await list(c);
    expect(rows.map((x) => [x.id, x.isDefault])).toEqual([[b.id, true]]);
    expect((await edit(c, d.id)).status).toBe(404);

    // The last one goes too; the list is empty.
    expect((await remove(c, b.id)).status).toBe(200);
    expect(await list(c)).toEqual([]);
  });

  it('answers 422 for a missing name, address or area, or an unknown area, and saves nothing', async () => {
    const c = await signUp(app());
    for (const [field, body] of [
      ['name', { ...home(), name: '' }],
      ['name', { ...home(), name: undefined }],
      ['address', { ...home(), address: '  ' }],
      ['areaId', { ...home(), areaId: undefined }],
      ['areaId', { ...home(), areaId: null }],
    ] as const) {
      expect(fieldErrors(await create(c, body)), JSON.stringify(body)).toEqual({ [field]: [REQUIRED] });
    }
    expect(fieldErrors(await create(c, { ...home(), areaId: 999_999 }))).toEqual({ areaId: ['Please choose a delivery area.'] });
    expect(Object.keys(fieldErrors(await create(c, {}))).sort()).toEqual(['address', 'name']);
    expect(await list(c)).toEqual([]);

    const a = await saveAddress(app(), c.token, home());
    expect(fieldErrors(await update(c, a.id, { ...home(), name: '' }))).toEqual({ name: [REQUIRED] });
    expect(fieldErrors(await update(c, a.id, { ...home(), areaId: null }))).toEqual({ areaId: [REQUIRED] });
    expect((await edit(c, a.id)).body.data).toEqual(a);
  });

  it('answers 404 for another customer’s address on edit, update and delete, and leaves it unchanged', async () => {
    const owner = await signUp(app());
    const intruder = await signUp(app());
    const own = await saveAddress(app(), intruder.token, { name: 'Mine', areaId: hoheluft.id, address: 'Lehmweg 1' });
    const theirs = await saveAddress(app(), owner.token, home());

    const looked = await edit(intruder, theirs.id);
    expect(looked.status).toBe(404);
    expect(looked.body).toEqual(NOT_FOUND);
    const changed = await update(intruder, theirs.id, { name: 'Hijacked', areaId: hoheluft.id, address: 'Elsewhere 1', isDefault: true });
    expect(changed.status).toBe(404);
    expect(changed.body).toEqual(NOT_FOUND);
    const deleted = await remove(intruder, theirs.id);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(NOT_FOUND);

    expect((await edit(owner, theirs.id)).body.data).toEqual(theirs);
    expect(await list(owner)).toEqual([theirs]);
    // The intruder's own list never shows it, and their own default is untouched.
    expect(await list(intruder)).toEqual([own]);
    // An id that does not exist answers the same.
    expect((await edit(owner, 2_000_000)).body).toEqual(NOT_FOUND);
  });

  it('answers 401 without a token', async () => {
    const c = await signUp(app());
    const a = await saveAddress(app(), c.token, home());
    const anonymous = [
      call(app(), 'GET', '/api/me/addresses', { headers: EN }),
      call(app(), 'POST', '/api/me/addresses', { payload: home(), headers: EN }),
      call(app(), 'GET', `/api/me/addresses/${a.id}/edit`, { headers: EN }),
      call(app(), 'PUT', `/api/me/addresses/${a.id}`, { payload: { ...home(), name: 'Nope' }, headers: EN }),
      call(app(), 'DELETE', `/api/me/addresses/${a.id}`, { headers: EN }),
      call(app(), 'GET', '/api/me/addresses/search-fixed?q=Lehmweg', { headers: EN }),
      call(app(), 'GET', '/api/me/addresses/search?q=Lehmweg', { headers: EN }),
      call(app(), 'GET', `/api/me/addresses/places/${EPPENDORFER_LANDSTRASSE_10.placeId}`, { headers: EN }),
      call(app(), 'POST', '/api/me/addresses/check', { payload: { placeId: EPPENDORFER_LANDSTRASSE_10.placeId }, headers: EN }),
      call(app(), 'GET', '/api/me/addresses', { headers: { ...EN, authorization: 'Bearer made-up-token' } }),
    ];
    for (const res of await Promise.all(anonymous)) {
      expect(res.status, res.text).toBe(401);
      expect(res.body).toEqual({ message: 'Please log in.' });
    }
    expect(await list(c)).toEqual([a]);
    const [row] = await db().select().from(t.addresses).where(eq(t.addresses.id, a.id));
    expect(row?.name).toBe('Home');
  });
});

describe.each(backends())('addresses (new system: the server finds the area) on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let catalog: Catalog;
  let customer: Customer;

  beforeAll(async () => {
    await setSetting(ctx().database.db, 'USES_NEW_ADDRESS_SYSTEM', '1');
    catalog = await loadCatalog(app());
    customer = await signUp(app());
  });

  const headers = () => ({ ...EN, ...authHeaders(customer.token) });
  const get = <T>(url: string) => call<{ data: T }>(app(), 'GET', url, { headers: headers() });
  const check = (body: Record<string, unknown>) => call<{ data: AddressCheckResult }>(app(), 'POST', '/api/me/addresses/check', { payload: body, headers: headers() });
  const create = (body: Record<string, unknown>) => call<{ data: AddressOut }>(app(), 'POST', '/api/me/addresses', { payload: body, headers: headers() });

  it('suggests places with placeId and address; search-fixed keeps to the delivery region, search does not', async () => {
    const q = encodeURIComponent('Eppendorfer Landstraße 10');
    const fixed = await get<PlaceSuggestion[]>(`/api/me/addresses/search-fixed?q=${q}`);
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.data).toEqual([{ placeId: EPPENDORFER_LANDSTRASSE_10.placeId, address: EPPENDORFER_LANDSTRASSE_10.address }]);
    const anywhere = await get<PlaceSuggestion[]>(`/api/me/addresses/search?q=${q}`);
    expect(anywhere.body.data).toEqual(fixed.body.data);

    const altona = encodeURIComponent('Max-Brauer-Allee 100');
    expect((await get<PlaceSuggestion[]>(`/api/me/addresses/search-fixed?q=${altona}`)).body.data).toEqual([]);
    expect((await get<PlaceSuggestion[]>(`/api/me/addresses/search?q=${altona}`)).body.data).toEqual([
      { placeId: MAX_BRAUER_ALLEE_100.placeId, address: MAX_BRAUER_ALLEE_100.address },
    ]);

    // Every suggestion of a partial street name is a place the API can resolve.
    const partial = await get<PlaceSuggestion[]>('/api/me/addresses/search-fixed?q=eppendorfer');
    expect(partial.body.data.length).toBeGreaterThan(1);
    for (const s of partial.body.data) {
      expect(s).toEqual({ placeId: expect.stringMatching(/^gz:/), address: expect.stringContaining('Eppendorfer') });
    }
    expect((await get('/api/me/addresses/search-fixed?q=E')).status).toBe(422);
  });

  it('resolves a place id to its address, zipcode and coordinates, and 404s an unknown one', async () => {
    const res = await get<PlaceOut>(`/api/me/addresses/places/${encodeURIComponent(EPPENDORFER_LANDSTRASSE_10.placeId)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual(EPPENDORFER_LANDSTRASSE_10);
    const unknown = await get('/api/me/addresses/places/gz:no-such-street:1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'We could not find this place.' });
  });

  it('checks a place by id, by coordinates (reverse geocoded) and by text, and names the area that serves it', async () => {
    const byId = await check({ placeId: EPPENDORFER_LANDSTRASSE_10.placeId });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.data).toEqual({ area: areaNamed(catalog, 'Eppendorf'), place: EPPENDORFER_LANDSTRASSE_10 });

    const byPin = await check({ coordinates: HOHELUFT_PIN });
    expect(byPin.status, byPin.text).toBe(200);
    expect(byPin.body.data.area).toEqual(areaNamed(catalog, 'Hoheluft'));
    // The pin itself is what counts; reverse geocoding only names it.
    expect(byPin.body.data.place).toEqual({
      placeId: expect.stringMatching(/^gz:hoheluftchaussee:\d+$/),
      address: expect.stringMatching(/^Hoheluftchaussee \d+, 20253 Hamburg$/),
      zipcode: '20253',
      coordinates: HOHELUFT_PIN,
    });

    const byText = await check({ address: 'Osterstraße 20' });
    expect(byText.status, byText.text).toBe(200);
    expect(byText.body.data).toEqual({ area: areaNamed(catalog, 'Eimsbüttel'), place: OSTERSTRASSE_20 });
  });

  it('answers 422 on address for a place out of every zone', async () => {
    for (const body of [{ placeId: MAX_BRAUER_ALLEE_100.placeId }, { coordinates: HARBURG_PIN }, { address: 'Lüneburger Straße 5' }]) {
      const res = await check(body);
      expect(fieldErrors(res), JSON.stringify(body)).toEqual({ address: [OUT_OF_RANGE] });
    }
    expect(fieldErrors(await check({ placeId: 'gz:no-such-street' }))).toEqual({ address: ['We could not find this place.'] });
  });

  it('refuses to save an address without coordinates', async () => {
    const res = await create({ name: 'Home', address: EPPENDORFER_LANDSTRASSE_10.address, areaId: areaNamed(catalog, 'Eppendorf').id, zipcode: '20249' });
    expect(fieldErrors(res)).toEqual({ address: ['Please search for the address or mark your location.'] });
  });

  it('saves an address in the area its coordinates lie in, whatever areaId the browser sends', async () => {
    const forged = areaNamed(catalog, 'Eimsbüttel');
    const res = await create({
      name: 'Home',
      address: EPPENDORFER_LANDSTRASSE_10.address,
      zipcode: EPPENDORFER_LANDSTRASSE_10.zipcode,
      coordinates: EPPENDORFER_LANDSTRASSE_10.coordinates,
      areaId: forged.id,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      area: areaNamed(catalog, 'Eppendorf'),
      areaId: areaNamed(catalog, 'Eppendorf').id,
      coordinates: EPPENDORFER_LANDSTRASSE_10.coordinates,
      zipcode: '20249',
    });

    // Moving the pin moves the address to the other area, again by the server's decision.
    const moved = await call<{ data: AddressOut }>(app(), 'PUT', `/api/me/addresses/${res.body.data.id}`, {
      payload: { name: 'Home', address: OSTERSTRASSE_20.address, zipcode: OSTERSTRASSE_20.zipcode, coordinates: OSTERSTRASSE_20.coordinates, areaId: areaNamed(catalog, 'Eppendorf').id },
      headers: headers(),
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.area).toEqual(forged);
  });

  it('refuses to save an address whose coordinates are out of range', async () => {
    const before = (await get<AddressOut[]>('/api/me/addresses')).body.data;
    const res = await create({
      name: 'Altona',
      address: MAX_BRAUER_ALLEE_100.address,
      zipcode: MAX_BRAUER_ALLEE_100.zipcode,
      coordinates: MAX_BRAUER_ALLEE_100.coordinates,
      areaId: areaNamed(catalog, 'Eppendorf').id,
    });
    expect(fieldErrors(res)).toEqual({ address: [OUT_OF_RANGE] });
    expect((await get<AddressOut[]>('/api/me/addresses')).body.data).toEqual(before);
  });
});
