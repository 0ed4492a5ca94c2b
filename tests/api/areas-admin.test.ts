/**
 * Delivery areas in the back office (`/api/staff/areas`): create, edit and delete with history
 * lines, amounts typed as "2,50" and stored in cents, zones validated, and an area with saved
 * customer addresses never deleted (the addresses would go with it).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminArea, AreasAdminView } from '../../src/shared/contract/areas-admin';
import type { Area } from '../../src/shared/contract/catalog';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders, signUp } from './account-helpers';
import { call } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
/** A small square near the restaurant, counter-clockwise and closed. */
const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [9.9, 53.6],
      [9.91, 53.6],
      [9.91, 53.61],
      [9.9, 53.61],
      [9.9, 53.6],
    ],
  ],
};
const FORM = { name: 'Lokstedt', postcodes: '22529, 22527', minimumOrder: '15,00', deliveryPrice: '2,50', freeDeliveryThreshold: '40', polygon: SQUARE };

describe.each(backends())('delivery areas editor on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let owner: string;
  let service: string;

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const send = <T>(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, {
      headers: { ...(token ? authHeaders(token) : {}), ...EN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const errorsOf = (res: { status: number; body: unknown; text: string }) => {
    expect(res.status, res.text).toBe(422);
    return Object.keys((res.body as { data: Record<string, string[]> }).data).sort();
  };
  const storefrontAreas = async () => (await call<{ data: Area[] }>(app(), 'GET', '/api/areas')).body.data;
  const audit = async () => (await call<{ data: AuditEntry[] }>(app(), 'GET', '/api/staff/audit', { headers: authHeaders(owner) })).body.data;

  beforeAll(async () => {
    await ensureOwner(ctx().database.db, OWNER.email, OWNER.password);
    owner = await login(OWNER.email, OWNER.password);
    const added = await send<{ data: StaffMember }>(owner, 'POST', '/team', { name: 'Floor', email: 'floor-areas@lindenhof.example', role: 'service', password: 'staff-password-1' });
    expect(added.status, added.text).toBe(201);
    service = await login('floor-areas@lindenhof.example', 'staff-password-1');
  });

  it('lists the seeded zones with their polygons and the restaurant pin for the map', async () => {
    const res = await send<{ data: AreasAdminView }>(service, 'GET', '/areas');
    expect(res.status).toBe(200);
    expect(res.body.data.areas.map((a) => a.name).sort()).toEqual(['Eimsbüttel', 'Eppendorf', 'Hoheluft']);
    expect(res.body.data.areas.every((a) => a.polygon?.type === 'Polygon')).toBe(true);
    expect(res.body.data.restaurant).toEqual({ lat: 53.5645, lng: 9.9615 });
  });

  it('creates, edits and deletes an area in cents, seen by the storefront, each step in the history', async () => {
    const created = await send<{ data: AdminArea }>(owner, 'POST', '/areas', { ...FORM, polygon: { type: 'Feature', properties: { x: 1 }, geometry: SQUARE } });
    expect(created.status, created.text).toBe(201);
    const area = created.body.data;
    expect(area).toMatchObject({ name: 'Lokstedt', zipcode: '22529, 22527', postcodes: ['22529', '22527'], minimumOrderCents: 1500, deliveryPriceCents: 250, freeDeliveryThresholdCents: 4000 });
    expect(area.polygon).toEqual(SQUARE);
    expect((await storefrontAreas()).find((a) => a.id === area.id)).toMatchObject({ minimumOrder: 15, deliveryPrice: 2.5, freeDeliveryThreshold: 40 });
    expect((await audit())[0]).toMatchObject({ action: 'area.create', subject: 'Lokstedt' });

    const edited = await send<{ data: AdminArea }>(owner, 'PUT', `/areas/${area.id}`, { ...FORM, deliveryPrice: '3,90', polygon: null });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ deliveryPriceCents: 390, polygon: null });
    const [line] = await audit();
    expect(line).toMatchObject({ action: 'area.update', subject: 'Lokstedt' });
    expect((line?.details as { before: Record<string, unknown> }).before).toMatchObject({ deliveryPriceCents: 250, zonePoints: 5 });
    expect((line?.details as { after: Record<string, unknown> }).after).toMatchObject({ deliveryPriceCents: 390, zonePoints: 0 });

    const removed = await send(owner, 'DELETE', `/areas/${area.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await storefrontAreas()).some((a) => a.id === area.id)).toBe(false);
    expect((await audit())[0]).toMatchObject({ action: 'area.delete', subject: 'Lokstedt' });
    expect((await send(owner, 'DELETE', `/areas/${area.id}`)).status).toBe(404);
    expect((await send(owner, 'PUT', `/areas/${area.id}`, FORM)).status).toBe(404);
  });

  it('refuses to delete an area customers have saved addresses in, and keeps the addresses', async () => {
    const created = await send<{ data: AdminArea }>(owner, 'POST', '/areas', { ...FORM, name: 'Niendorf' });
    const areaId = created.body.data.id;
    const customer = await signUp(app(), { email: 'area-customer@example.com' });
    const db = ctx().database.db;
    await db.insert(t.addresses).values({ userId: customer.user.id, name: 'Home', address: 'Tibarg 1', areaId });
    const refused = await send<{ message: string }>(owner, 'DELETE', `/areas/${areaId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/1 saved customer address lies/);
    expect(await db.select().from(t.addresses).where(eq(t.addresses.areaId, areaId))).toHaveLength(1);
    const listed = await send<{ data: AreasAdminView }>(owner, 'GET', '/areas');
    expect(listed.body.data.areas.find((a) => a.id === areaId)?.addressCount).toBe(1);
  });

  it('validates names, postcodes, amounts and zones', async () => {
    expect(errorsOf(await send(owner, 'POST', '/areas', { ...FORM, name: ' ', postcodes: '22529, <b>', minimumOrder: '-1', deliveryPrice: '2,505', freeDeliveryThreshold: 'free' }))).toEqual([
      'deliveryPrice',
      'freeDeliveryThreshold',
      'minimumOrder',
      'name',
      'postcodes',
    ]);
    const open = { type: 'Polygon', coordinates: [[[9.9, 53.6], [9.91, 53.6], [9.91, 53.61], [9.9, 53.61]]] };
    const outOfRange = { type: 'Polygon', coordinates: [[[9.9, 95], [9.91, 53.6], [9.91, 53.61], [9.9, 95]]] };
    const flat = { type: 'Polygon', coordinates: [[[9.9, 53.6], [9.91, 53.6], [9.92, 53.6], [9.9, 53.6]]] };
    const line = { type: 'LineString', coordinates: [[9.9, 53.6], [9.91, 53.6]] };
    const huge = { type: 'Polygon', coordinates: [[...Array.from({ length: 2001 }, (_, i) => [9.9 + Math.cos(i / 320) / 100, 53.6 + Math.sin(i / 320) / 100]), [10.0, 53.6]]] };
    const strings = { type: 'Polygon', coordinates: [[['9.9', '53.6'], [9.91, 53.6], [9.91, 53.61], ['9.9', '53.6']]] };
    for (const polygon of [open, outOfRange, flat, line, huge, strings, 'POLYGON((1 2))', [1, 2], { type: 'FeatureCollection', features: [] }]) {
      expect(errorsOf(await send(owner, 'POST', '/areas', { ...FORM, polygon }))).toEqual(['polygon']);
    }
    expect(errorsOf(await send(owner, 'POST', '/areas', { ...FORM, sort: 1 }))).toEqual(['value']);
  });

  it('answers hostile bodies with 4xx, never a 500', async () => {
    const bodies: unknown[] = [
      'null',
      '[]',
      '"x"',
      { ...FORM, name: 'a\u0000b' },
      { ...FORM, name: 'x'.repeat(100_000) },
      { ...FORM, minimumOrder: { a: 1 } },
      `{"name":"A","postcodes":"","minimumOrder":"1","deliveryPrice":"1","freeDeliveryThreshold":"0","__proto__":{"x":1},"constructor":{"prototype":1}}`,
    ];
    let deep: unknown = [9.9, 53.6];
    for (let i = 0; i < 40; i++) deep = [deep];
    bodies.push({ ...FORM, polygon: { type: 'Polygon', coordinates: deep } });
    for (const body of bodies) {
      const res = await send(owner, 'POST', '/areas', body);
      expect(res.status, `${JSON.stringify(body).slice(0, 80)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await send(owner, 'PUT', '/areas/abc', FORM)).status).toBe(422);
    expect((await send(owner, 'DELETE', '/areas/99999999999')).status).toBe(422);
  });

  it('answers 401 without a token and 403 to service staff', async () => {
    expect((await send(null, 'GET', '/areas')).status).toBe(401);
    expect((await send(null, 'POST', '/areas', FORM)).status).toBe(401);
    expect((await send(service, 'POST', '/areas', FORM)).status).toBe(403);
    expect((await send(service, 'PUT', '/areas/1', FORM)).status).toBe(403);
    expect((await send(service, 'DELETE', '/areas/1')).status).toBe(403);
  });
});
