/**
 * The combo menu editor's API (`/api/staff/combo-menus`): one document per menu, slot ids kept
 * on edit, hide and reorder, archive instead of delete once ordered, who may do what, hostile
 * bodies, what the storefront shows, and the history lines.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComboDeleteResult, ComboMenuAdmin, ComboProductOption } from '../../src/shared/contract/combo-admin';
import type { Menu } from '../../src/shared/contract/catalog';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { ALL_WEEK, call, checkout, fieldErrors, menuLine, payload, placed, setWorkingHours } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@combos.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(backends())('combo menu editor on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let owner: string;
  let manager: string;
  let service: string;
  let products: ComboProductOption[];

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const staff = <T>(token: string, method: Method, url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(token), ...EN }, payload: body });
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@combos.example`;
    const res = await staff<{ data: StaffMember }>(owner, 'POST', '/team', { name: `A ${role}`, email, role, password: 'staff-password-1' });
    expect(res.status, res.text).toBe(201);
    return login(email, 'staff-password-1');
  };
  const product = (name: string) => {
    const found = products.find((p) => p.name === name);
    if (!found?.sizes[0]) throw new Error(`no product ${name}`);
    return found;
  };
  const candidate = (name: string, sizeIndex = 0) => {
    const p = product(name);
    const size = p.sizes[sizeIndex];
    if (!size) throw new Error(`${name} has no size ${sizeIndex}`);
    return { productId: p.id, sizeId: size.id };
  };
  const doc = (overrides: Record<string, unknown> = {}) => ({
    name: { de: 'Testmenü', en: 'Test menu' },
    description: { de: 'Suppe und Schnitzel', en: '' },
    price: 19.8,
    discount: 10,
    active: true,
    slots: [
      { id: null, name: { de: 'Suppe', en: 'Soup' }, candidates: [candidate('Cream of tomato soup'), candidate('Potato soup with sausage')] },
      { id: null, name: { de: 'Hauptgericht', en: 'Main course' }, candidates: [candidate('Viennese-style schnitzel')] },
    ],
    ...overrides,
  });
  const create = async (body: unknown = doc()) => {
    const res = await staff<{ data: ComboMenuAdmin }>(owner, 'POST', '/combo-menus', body);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  };
  const storefront = async () => (await call<{ data: Menu[] }>(app(), 'GET', '/api/products/menus', { headers: EN })).body.data;
  const audit = async () => (await staff<{ data: AuditEntry[] }>(owner, 'GET', '/audit')).body.data;

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    expect(await ensureOwner(db(), OWNER.email, OWNER.password)).toBe('created');
    owner = await login(OWNER.email, OWNER.password);
    manager = await addStaff('manager');
    service = await addStaff('service');
    const res = await staff<{ data: ComboProductOption[] }>(owner, 'GET', '/combo-menus/products');
    expect(res.status, res.text).toBe(200);
    products = res.body.data;
  });

  it('creates a menu with slots, shows it on the storefront at its discounted price, and records who did it', async () => {
    const menu = await create();
    expect(menu.slots.map((s) => s.name.de)).toEqual(['Suppe', 'Hauptgericht']);
    expect(menu.slots[0]?.candidates).toEqual([candidate('Cream of tomato soup'), candidate('Potato soup with sausage')]);
    expect(menu.price).toBe(19.8);
    const shown = (await storefront()).find((m) => m.id === menu.id);
    expect(shown?.name).toBe('Test menu');
    expect(shown?.items.map((s) => s.products.map((p) => p.name))).toEqual([['Cream of tomato soup', 'Potato soup with sausage'], ['Viennese-style schnitzel']]);
    const line = (await audit()).find((a) => a.action === 'combo.create' && a.subject.includes(`#${menu.id}`));
    expect(line?.actor).toBeTruthy();
    expect((line?.details.after as { price: number }).price).toBe(19.8);
    // The diner orders it at the menu price less the discount: 19.80 − 10 % = 17.82.
    const order = placed(await checkout(app(), payload([menuLine(shown as Menu)], { shownTotal: 17.82 })));
    expect(order.order.payment.price).toBe(17.82);
  });

  it('keeps slot ids on edit: updates by id, inserts new ones, deletes removed ones; history has only what changed', async () => {
    const menu = await create();
    const [soup, main] = menu.slots;
    if (!soup || !main) throw new Error('slots missing');
    const res = await staff<{ data: ComboMenuAdmin }>(
      owner,
      'PUT',
      `/combo-menus/${menu.id}`,
      doc({
        price: 21,
        slots: [
          { id: main.id, name: { de: 'Hauptgang', en: 'Main' }, candidates: [candidate('Viennese-style schnitzel'), candidate('Allgäu cheese spätzle')] },
          { id: null, name: { de: 'Dessert', en: 'Dessert' }, candidates: [candidate('Apple strudel')] },
        ],
      }),
    );
    expect(res.status, res.text).toBe(200);
    const after = res.body.data;
    expect(after.slots[0]?.id).toBe(main.id);
    expect(after.slots[0]?.name.de).toBe('Hauptgang');
    expect(after.slots[1]?.id).not.toBe(soup.id);
    expect(await db().select().from(t.menuSlots).where(eq(t.menuSlots.id, soup.id))).toHaveLength(0);
    const line = (await audit()).find((a) => a.action === 'combo.update' && a.subject.includes(`#${menu.id}`));
    expect(line?.details.before).toMatchObject({ price: 19.8 });
    expect(line?.details.after).toMatchObject({ price: 21 });
    expect(Object.keys(line?.details.after as object).sort()).toEqual(['price', 'slots']);
    // Saving it unchanged writes no line.
    const count = (await audit()).length;
    const same = await staff(owner, 'PUT', `/combo-menus/${menu.id}`, { ...doc({ price: 21 }), slots: after.slots });
    expect(same.status, same.text).toBe(200);
    expect((await audit()).length).toBe(count);
  });

  it('hides and reorders; the storefront and checkout ignore hidden menus', async () => {
    const a = await create(doc({ name: { de: 'Menü A', en: 'Menu A' } }));
    const b = await create(doc({ name: { de: 'Menü B', en: 'Menu B' } }));
    const hidden = await staff<{ data: ComboMenuAdmin }>(manager, 'PUT', `/combo-menus/${a.id}/active`, { active: false });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.data.active).toBe(false);
    const shown = await storefront();
    expect(shown.some((m) => m.id === a.id)).toBe(false);
    const fromB = shown.find((m) => m.id === b.id) as Menu;
    // A cart holding the hidden menu is refused at checkout.
    const refused = fieldErrors(await checkout(app(), payload([{ ...menuLine(fromB), menuId: a.id }])));
    expect(Object.keys(refused)).toContain('items[0]');
    expect((await staff(manager, 'PUT', `/combo-menus/${a.id}/active`, { active: true })).status).toBe(200);

    const list = (await staff<{ data: ComboMenuAdmin[] }>(owner, 'GET', '/combo-menus')).body.data;
    const ids = list.map((m) => m.id);
    const reordered = [b.id, a.id, ...ids.filter((x) => x !== a.id && x !== b.id)];
    const res = await staff<{ data: ComboMenuAdmin[] }>(manager, 'PUT', '/combo-menus/order', { ids: reordered });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m) => m.id)).toEqual(reordered);
    expect((await storefront()).map((m) => m.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await audit()).some((x) => x.action === 'combo.reorder')).toBe(true);
    expect((await audit()).some((x) => x.action === 'combo.hide' && x.subject.includes(`#${a.id}`))).toBe(true);
  });

  it('deletes a menu nobody ordered, archives one that order lines name', async () => {
    const fresh = await create();
    const gone = await staff<{ data: ComboDeleteResult }>(owner, 'DELETE', `/combo-menus/${fresh.id}`);
    expect(gone.body.data.outcome).toBe('deleted');
    expect(await db().select().from(t.menus).where(eq(t.menus.id, fresh.id))).toHaveLength(0);

    const ordered = await create();
    const shown = (await storefront()).find((m) => m.id === ordered.id) as Menu;
    const order = placed(await checkout(app(), payload([menuLine(shown)])));
    const archived = await staff<{ data: ComboDeleteResult }>(owner, 'DELETE', `/combo-menus/${ordered.id}`);
    expect(archived.body.data.outcome).toBe('archived');
    const [row] = await db().select().from(t.menus).where(eq(t.menus.id, ordered.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await storefront()).some((m) => m.id === ordered.id)).toBe(false);
    expect((await staff<{ data: ComboMenuAdmin[] }>(owner, 'GET', '/combo-menus')).body.data.some((m) => m.id === ordered.id)).toBe(false);
    // The old order still names it; a new order with it is refused.
    const page = await call<{ data: { items: { name: string }[] } }>(app(), 'GET', `/api/orders/${order.order.code}?key=${order.accessKey}`);
    expect(page.body.data.items[0]?.name).toBe('Testmenü');
    expect(Object.keys(fieldErrors(await checkout(app(), payload([menuLine(shown)]))))).toContain('items[0]');
    expect((await audit()).map((a) => a.action)).toEqual(expect.arrayContaining(['combo.delete', 'combo.archive']));
    // Archived is gone for the editor too.
    expect((await staff(owner, 'PUT', `/combo-menus/${ordered.id}`, doc())).status).toBe(404);
  });

  it('lets service staff read but not write, and nobody without a staff token', async () => {
    const menu = await create();
    expect((await staff(service, 'GET', '/combo-menus')).status).toBe(200);
    expect((await staff(service, 'GET', '/combo-menus/products')).status).toBe(200);
    expect((await staff(service, 'POST', '/combo-menus', doc())).status).toBe(403);
    expect((await staff(service, 'PUT', `/combo-menus/${menu.id}`, doc())).status).toBe(403);
    expect((await staff(service, 'PUT', `/combo-menus/${menu.id}/active`, { active: false })).status).toBe(403);
    expect((await staff(service, 'PUT', '/combo-menus/order', { ids: [menu.id] })).status).toBe(403);
    expect((await staff(service, 'DELETE', `/combo-menus/${menu.id}`)).status).toBe(403);
    expect((await call(app(), 'GET', '/api/staff/combo-menus')).status).toBe(401);
    expect((await call(app(), 'POST', '/api/staff/combo-menus', { payload: doc() })).status).toBe(401);
    expect((await call(app(), 'DELETE', `/api/staff/combo-menus/${menu.id}`)).status).toBe(401);
    expect((await staff(manager, 'PUT', `/combo-menus/${menu.id}`, doc({ discount: 5 }))).status).toBe(200);
  });

  it('answers hostile and wrong bodies with field errors, never a 500', async () => {
    const base = doc();
    const slots = base.slots as { id: null; name: Record<string, string>; candidates: { productId: number; sizeId: number }[] }[];
    const schnitzel = candidate('Viennese-style schnitzel');
    const soup = candidate('Cream of tomato soup');
    const cases: [unknown, string][] = [
      [{ ...base, discount: 101 }, 'discount'],
      [{ ...base, discount: -1 }, 'discount'],
      [{ ...base, discount: 12.5 }, 'discount'],
      [{ ...base, price: 'abc' }, 'price'],
      [{ ...base, price: 1e9 }, 'price'],
      [{ ...base, name: {} }, 'name'],
      [{ ...base, name: { de: '', en: 'Only English' } }, 'name'],
      [{ ...base, slots: [{ ...slots[0], name: { en: 'Soup' } }] }, 'slots[0].name'],
      [{ ...base, name: 'Menü' }, 'name'],
      [{ ...base, name: { de: 'x'.repeat(5000) } }, 'name'],
      [{ ...base, name: { de: 'Nul\u0000byte' } }, 'name.de'],
      [{ ...base, name: { 'not a language': 'x' } }, 'name'],
      [{ ...base, slots: [] }, 'slots'],
      [{ ...base, slots: Array.from({ length: 500 }, () => slots[0]) }, 'slots'],
      [{ ...base, slots: [{ ...slots[0], candidates: Array.from({ length: 5000 }, () => soup) }] }, 'slots[0].candidates'],
      [{ ...base, slots: [{ ...slots[0], candidates: [soup, soup] }] }, 'slots[0].candidates'],
      [{ ...base, slots: [{ ...slots[0], candidates: [{ productId: schnitzel.productId, sizeId: soup.sizeId }] }] }, 'slots[0].candidates[0].sizeId'],
      [{ ...base, slots: [{ ...slots[0], candidates: [{ productId: 'x', sizeId: {} }] }] }, 'slots[0].candidates[0].productId'],
      [{ ...base, slots: [{ ...slots[0], id: 999999 }] }, 'slots[0].id'],
      [{ ...base, slots: 'many' }, 'slots'],
      [{ ...base, slots: [null, slots[0]] }, 'slots[0]'],
      [{ ...base, slots: [{ ...slots[0], candidates: [null, soup] }] }, 'slots[0].candidates[0]'],
      [{ ...base, active: [] }, 'active'],
      [{ ...base, price: true }, 'price'],
      [{ ...base, price: '' }, 'price'],
      [{ toString: 'x', valueOf: { de: 'x' } }, 'name'],
      [[1, 2, 3], 'value'],
    ];
    for (const [body, field] of cases) {
      const res = await staff(owner, 'POST', '/combo-menus', body);
      const errors = fieldErrors(res);
      expect(Object.keys(errors), `${JSON.stringify(body).slice(0, 120)} → ${res.text.slice(0, 200)}`).toContain(field);
    }
    // Fastify's parser refuses a `__proto__` key outright (400); either way it never reaches the database.
    const proto = await call(app(), 'POST', '/api/staff/combo-menus', {
      headers: { ...authHeaders(owner), 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}, "name": {"de": "x"}}',
    });
    expect([400, 422]).toContain(proto.status);
    const ctor = await staff(owner, 'POST', '/combo-menus', { ...base, constructor: { prototype: { x: 1 } } });
    expect([400, 422]).toContain(ctor.status);
    const deep = JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown;
    expect((await staff(owner, 'POST', '/combo-menus', { ...base, name: deep })).status).toBe(422);
    expect((await staff(owner, 'PUT', '/combo-menus/order', { ids: [999999] })).status).toBe(422);
    expect((await staff(owner, 'PUT', '/combo-menus/abc', base)).status).toBe(422);
    expect((await staff(owner, 'PUT', '/combo-menus/999999', base)).status).toBe(404);
    expect((await staff(owner, 'PUT', '/combo-menus/999999/active', { active: 'yes' })).status).toBe(422);
  });

  it('offers only active products as candidates and refuses a hidden one', async () => {
    const hiddenName = 'Currywurst with fries';
    const target = product(hiddenName);
    await db().update(t.products).set({ active: false }).where(eq(t.products.id, target.id));
    try {
      const offered = (await staff<{ data: ComboProductOption[] }>(owner, 'GET', '/combo-menus/products')).body.data;
      expect(offered.some((p) => p.id === target.id)).toBe(false);
      const body = doc({ slots: [{ id: null, name: { de: 'Wurst' }, candidates: [{ productId: target.id, sizeId: target.sizes[0]?.id }] }] });
      expect(Object.keys(fieldErrors(await staff(owner, 'POST', '/combo-menus', body)))).toContain('slots[0].candidates[0].productId');
    } finally {
      await db().update(t.products).set({ active: true }).where(eq(t.products.id, target.id));
    }
  });
});
