/**
 * A seeded fuzz run over every write endpoint: valid bodies mutated the way an attacker or a
 * broken client would (wrong types, prototype keys, NUL bytes, lone surrogates, huge and deeply
 * nested values, missing fields). Whatever is sent, the answer is never a 5xx. Replay a failure
 * with the same FUZZ_SEED; FUZZ_PER_ENDPOINT sets how many bodies each endpoint gets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAdminView } from '../../src/shared/contract/settings-admin';
import type { StaffSession } from '../../src/shared/contract/staff';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders, signUp } from './account-helpers';
import { call, loadCatalog, payload, placeOrder, productLine, productNamed, setSetting, type Catalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';
import { fridayEvening } from './reservation-helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const PER_ENDPOINT = Number(process.env.FUZZ_PER_ENDPOINT ?? 120);
const OPERATOR_KEY = 'fuzz-operator-key-0123456789abcdef';

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
const HOSTILE: unknown[] = [
  null,
  {},
  [],
  ['a'],
  [2],
  { $gt: '' },
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(20_000),
  '0x10',
  '1e2',
  'NaN',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '2026-13-45T99:99',
];
const POISON_KEYS = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'prototype'];

type Body = Record<string, unknown>;

/** A mutated body, already as the JSON text sent (a body thousands of levels deep cannot go through JSON.stringify). */
function mutate(base: unknown, rnd: () => number): string {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  // A fresh copy each time: one shared object placed twice would make the body circular.
  const hostile = () => structuredClone(pick(HOSTILE));
  const roll = rnd();
  if (roll < 0.04) return JSON.stringify(hostile());
  if (roll < 0.07) {
    const levels = 1_000 + Math.floor(rnd() * 5_000);
    return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  }
  const body = structuredClone(base) as Body;
  const mutations = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < mutations; i++) {
    // Walk into a random nested object or array now and then, so inner fields get their turn.
    let target: Body = body;
    for (let depth = 0; depth < 3 && rnd() < 0.4; depth++) {
      const inner = Object.values(target).filter((v) => v !== null && typeof v === 'object') as Body[];
      if (!inner.length) break;
      target = pick(inner);
    }
    const keys = Object.keys(target);
    const kind = rnd();
    if (kind < 0.6 && keys.length) target[pick(keys)] = hostile();
    else if (kind < 0.75 && keys.length) delete target[pick(keys)];
    else if (kind < 0.9) Object.defineProperty(target, pick(POISON_KEYS), { value: hostile(), enumerable: true, writable: true, configurable: true });
    else if (keys.length) target[pick(keys)] = deep(50 + Math.floor(rnd() * 200));
  }
  return JSON.stringify(body);
}

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Runs with the new address system on (the guests' look-ups and their pinned delivery, decision 020). */
  newAddressSystem?: boolean;
}

/** A delivery area as the editor sends it; its zone a small closed square. */
const AREA = {
  name: 'Fuzzdorf',
  postcodes: '22111',
  minimumOrder: '10,00',
  deliveryPrice: '2,50',
  freeDeliveryThreshold: '0',
  polygon: { type: 'Polygon', coordinates: [[[9.9, 53.6], [9.91, 53.6], [9.91, 53.61], [9.9, 53.6]]] },
};

describe.each(backends())('fuzzing every write endpoint on %s', (backend) => {
  const ctx = useTestApp(backend, { operatorKey: OPERATOR_KEY });
  const app = () => ctx().app;
  let catalog: Catalog;
  let endpoints: Endpoint[] = [];

  beforeAll(async () => {
    catalog = await loadCatalog(app());
    await ensureOwner(ctx().database.db, 'owner@fuzz.example', 'owner-password-1');
    const staff = (await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email: 'owner@fuzz.example', password: 'owner-password-1' } })).body.data.token;
    const customer = await signUp(app());
    const order = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]));
    const checkoutBody = payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]);
    const asCustomer = authHeaders(customer.token);
    const asStaff = authHeaders(staff);
    const kaiserschmarrn = productNamed(catalog, 'Kaiserschmarrn');
    const menuProduct = {
      categoryId: kaiserschmarrn.category.id,
      name: { de: 'Fuzz', en: 'Fuzz' },
      description: { de: 'Beschreibung' },
      taxId: kaiserschmarrn.taxId,
      active: true,
      sizes: [{ name: {}, price: 5 }],
      variants: [{ name: { de: 'V' }, type: 'select', required: true, options: [{ name: { de: 'O' }, price: 0.5, taxId: null, children: [] }] }],
      extras: [{ name: { de: 'E' }, taxId: null, prices: [1] }],
      declarationIds: [1],
    };
    const settingsView = (await call<{ data: SettingsAdminView }>(app(), 'GET', '/api/staff/settings', { headers: asStaff })).body.data;
    const asOperator = { authorization: `Bearer ${OPERATOR_KEY}` };
    const firstMenu = catalog.menus[0];
    const comboBody = {
      name: { de: 'Fuzz-Menü', en: 'Fuzz menu' },
      description: { de: 'Zum Testen' },
      price: 12.9,
      discount: 10,
      active: false,
      slots: (firstMenu?.items ?? []).map((slot) => ({
        id: null,
        name: { de: slot.name },
        candidates: slot.products.slice(0, 2).map((p) => ({ productId: p.id, sizeId: p.sizes[0]?.id })),
      })),
    };
    endpoints = [
      { method: 'POST', url: '/api/checkout/v2', body: checkoutBody },
      { method: 'POST', url: '/api/checkout/v2', body: { ...checkoutBody, shownTotal: 12.5 } },
      { method: 'POST', url: '/api/staff/combo-menus', body: comboBody, headers: asStaff },
      { method: 'PUT', url: `/api/staff/combo-menus/${firstMenu?.id ?? 1}`, body: { ...comboBody, name: { de: firstMenu?.name ?? 'Menü' } }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/combo-menus/order', body: { ids: catalog.menus.map((m) => m.id) }, headers: asStaff },
      { method: 'PUT', url: `/api/staff/combo-menus/${firstMenu?.id ?? 1}/active`, body: { active: true }, headers: asStaff },
      { method: 'POST', url: '/api/checkout/v2', body: { ...checkoutBody, deliverType: 'delivery', areaId: catalog.areas[0]?.id, address: 'Eppendorfer Landstraße 1' } },
      { method: 'POST', url: '/api/checkout/v2', body: { ...checkoutBody, deliverType: 'curbside', car: 'rot, VW Golf, HH-AB 123' } },
      { method: 'POST', url: `/api/orders/${order.order.code}/arrived`, body: {}, headers: { 'x-order-key': order.accessKey } },
      { method: 'POST', url: `/api/me/orders/${order.order.code}/arrived`, body: {}, headers: asCustomer },
      { method: 'POST', url: `/api/staff/orders/${order.order.code}/arrival-seen`, body: {}, headers: asStaff },
      { method: 'POST', url: '/api/login', body: { email: 'someone@example.org', password: 'whatever-it-is' } },
      { method: 'POST', url: '/api/register', body: { name: 'Fuzz', email: 'fuzz@example.org', phone: '', password: 'longenough1', password_confirmation: 'longenough1', terms: true } },
      { method: 'POST', url: '/api/reset-password', body: { email: 'someone@example.org' } },
      { method: 'POST', url: '/api/contact', body: { fname: 'Erika', lname: 'Mustermann', email: 'erika@example.org', subject: 'Feier', message: 'Platz für 14?', terms: true, website: '' } },
      { method: 'POST', url: '/api/staff/messages/1/done', body: { done: true }, headers: asStaff },
      { method: 'POST', url: '/api/reservations', body: { reservedAt: fridayEvening(), guests: 4, name: 'Erika', email: 'erika@example.org', phone: '+49 40 1234567', notes: 'Fenster', terms: true, website: '' } },
      { method: 'POST', url: '/api/staff/reservations/1/decline', body: { reason: 'Ausgebucht' }, headers: asStaff },
      { method: 'POST', url: '/api/reset-password/confirm', body: { token: 'x'.repeat(40), password: 'longenough1', password_confirmation: 'longenough1' } },
      { method: 'POST', url: '/api/social', body: { provider: 'google', token: 'x.y.z', nonce: 'n' } },
      { method: 'PUT', url: '/api/me', body: { name: 'Fuzz', email: customer.email, phone: '' }, headers: asCustomer },
      { method: 'POST', url: '/api/me/orders', body: { orders: [{ code: order.order.code, key: order.accessKey }] }, headers: asCustomer },
      { method: 'POST', url: '/api/me/addresses', body: { name: 'Home', areaId: catalog.areas[0]?.id, address: 'Osterstraße 12', zipcode: '20259' }, headers: asCustomer },
      { method: 'POST', url: '/api/me/addresses/check', body: { address: 'Osterstraße 12' }, headers: asCustomer },
      { method: 'POST', url: '/api/addresses/check', body: { coordinates: { lat: 53.572743, lng: 9.949953 } }, newAddressSystem: true },
      {
        method: 'POST',
        url: '/api/checkout/v2',
        body: { ...checkoutBody, deliverType: 'delivery', address: 'Osterstraße 20, 20259 Hamburg', coordinates: { lat: 53.572743, lng: 9.949953 } },
        newAddressSystem: true,
      },
      { method: 'POST', url: '/api/staff/login', body: { email: 'owner@fuzz.example', password: 'nope-nope-nope' } },
      { method: 'POST', url: '/api/staff/team', body: { name: 'Cook', email: 'cook@fuzz.example', role: 'service', password: 'longenough1' }, headers: asStaff },
      { method: 'POST', url: `/api/staff/orders/${order.order.code}/reject`, body: { reason: 'other', note: 'x' }, headers: asStaff },
      { method: 'POST', url: '/api/staff/orders/ABCD2345/accept', body: { minutes: 20 }, headers: asStaff },
      { method: 'POST', url: '/api/staff/pauses', body: { scope: 'delivery', minutes: 15 }, headers: asStaff },
      { method: 'POST', url: '/api/staff/busy', body: { minutes: 10 }, headers: asStaff },
      { method: 'POST', url: '/api/staff/sold-out', body: { item: 'product', id: 1, until: 'manual' }, headers: asStaff },
      { method: 'PATCH', url: '/api/staff/photos/product/1', body: { alt: { de: 'Ein Teller', en: 'A plate' } }, headers: asStaff },
      // The upload takes image bytes; any JSON in its place is a refused photo, never a 500.
      { method: 'PUT', url: '/api/staff/photos/category/1', body: { photo: 'data:image/png;base64,iVBORw0KGgo=' }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/settings/logo', body: { logo: 'data:image/png;base64,iVBORw0KGgo=' }, headers: asStaff },
      { method: 'POST', url: '/api/staff/menu/products', body: menuProduct, headers: asStaff },
      { method: 'POST', url: '/api/staff/menu/categories', body: { name: { de: 'Fuzz', en: 'Fuzz' }, description: {}, active: true }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/menu/categories/order', body: { ids: [1, 2] }, headers: asStaff },
      { method: 'PATCH', url: `/api/operator/orders/${order.order.code}`, body: { status: 'approved', minutes: 20 }, headers: asOperator },
      { method: 'PUT', url: '/api/operator/settings/SITE_TITLE', body: { value: 'Lindenhof' }, headers: asOperator },
      { method: 'PUT', url: '/api/operator/settings/CUSTOM_HEADER_CODE', body: { value: '<script async src="https://a.example/t.js"></script>' }, headers: asOperator },
      { method: 'PUT', url: '/api/operator/settings/FONT_SIZE', body: { value: '18px' }, headers: asOperator },
      { method: 'PUT', url: '/api/operator/settings/FAVICON', body: { value: '/media/brand/logo-mark.svg' }, headers: asOperator },
      // The back office's settings groups and delivery areas (issue 14), last: a mutated body that passes changes the restaurant.
      ...Object.entries(settingsView.groups).map(([group, body]) => ({ method: 'PUT' as const, url: `/api/staff/settings/${group}`, body, headers: asStaff })),
      { method: 'POST', url: '/api/staff/areas', body: AREA, headers: asStaff },
      { method: 'PUT', url: '/api/staff/areas/1', body: AREA, headers: asStaff },
      // The back office's hours, pages and tables (issue 14); last, since a fuzzed write may close the restaurant.
      { method: 'PUT', url: '/api/staff/hours/week', body: { monday: [{ start: '11:30', end: '14:30' }], tuesday: [], wednesday: [], thursday: [], friday: [{ start: '18:00', end: '02:00' }], saturday: [], sunday: [] }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/hours/closed-days', body: { date: '2030-12-24', note: 'Heiligabend' }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/hours/active', body: { active: true }, headers: asStaff },
      { method: 'POST', url: '/api/staff/pages', body: { name: { de: 'Seite', en: 'Page' }, text: { de: '<p>Text <a href="https://example.org">Link</a></p>' }, isPopup: false, onHeader: true, onFooter: false }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/pages/1', body: { name: { de: 'Über uns' }, text: { de: '<h2>Hallo</h2>' }, isPopup: false, onHeader: true, onFooter: false }, headers: asStaff },
      { method: 'PUT', url: '/api/staff/pages/order', body: { ids: [3, 2, 1] }, headers: asStaff },
      { method: 'POST', url: '/api/staff/tables', body: { name: 'Terrasse', seats: 4 }, headers: asStaff },
      { method: 'PATCH', url: '/api/staff/tables/1', body: { name: 'Tisch 1', seats: 4, active: true }, headers: asStaff },
    ];
  });

  it(`answers ${PER_ENDPOINT} mutated bodies per endpoint without a single 5xx (seed ${SEED})`, async () => {
    const rnd = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of endpoints) {
      await setSetting(ctx().database.db, 'USES_NEW_ADDRESS_SYSTEM', endpoint.newAddressSystem ? '1' : '');
      for (let i = 0; i < PER_ENDPOINT; i++) {
        const body = mutate(endpoint.body, rnd);
        const headers: Record<string, string> = { ...endpoint.headers };
        if (endpoint.url.includes('/checkout/v2')) headers['idempotency-key'] = `fuzz-${SEED}-${sent}-0123456789`;
        const res = await app().inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=fuzz-xsrf-token-0123456789abcdefghijklmn', 'x-xsrf-token': 'fuzz-xsrf-token-0123456789abcdefghijklmn', ...headers },
          payload: body,
        });
        sent++;
        if (res.statusCode >= 500) failures.push(`${endpoint.method} ${endpoint.url} #${i}: ${res.statusCode} ${body.slice(0, 300)}`);
        else if (res.statusCode >= 400) {
          const answer = JSON.parse(res.body) as { message?: unknown };
          if (typeof answer.message !== 'string') failures.push(`${endpoint.url} #${i}: ${res.statusCode} without a message`);
        }
      }
    }
    console.log(`fuzz (${backend}): ${sent} requests over ${endpoints.length} endpoints, ${failures.length} failures`);
    expect(failures.slice(0, 15)).toEqual([]);
  }, 300_000);
});
