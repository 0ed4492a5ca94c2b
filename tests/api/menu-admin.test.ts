/**
 * The menu editor (decision 021): categories and whole products through `/api/staff/menu`, ids
 * that survive an edit, archive instead of delete for ordered products, the history, the
 * storefront and checkout following the editor, and placed orders that never change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogVersion, Category, Product } from '../../src/shared/contract/catalog';
import type { DeleteOutcome, MenuOverview, ProductDoc } from '../../src/shared/contract/menu-admin';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { ALL_WEEK, call, checkout, fieldErrors, orderPage, payload, placeOrder, productLine, setWorkingHours, type Reply } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@menu.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

type Doc = ProductDoc & { id: number };

describe.each(backends())('menu editor on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let owner: string;
  let overview: MenuOverview;
  let food: number;
  let drinks: number;

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const staff = <T>(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Reply<T>> =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...(token ? authHeaders(token) : {}), ...EN }, payload: body });
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@menu.example`;
    const res = await staff<{ data: StaffMember }>(owner, 'POST', '/team', { name: `A ${role}`, email, role, password: 'staff-password-1' });
    expect(res.status, res.text).toBe(201);
    return login(email, 'staff-password-1');
  };
  const newCategory = async (name: string, active = true) => {
    const res = await staff<{ data: { id: number } }>(owner, 'POST', '/menu/categories', { name: { de: name, en: `${name} (en)` }, description: {}, active });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  };
  const pizza = (categoryId: number, name = 'Testpizza'): ProductDoc => ({
    categoryId,
    name: { de: name, en: `${name} EN` },
    description: { de: 'Mit Tomaten' },
    taxId: food,
    active: true,
    sizes: [
      { name: { de: 'Klein' }, price: 8.5 },
      { name: { de: 'Groß' }, price: 11 },
    ],
    variants: [
      {
        name: { de: 'Teig' },
        type: 'select',
        required: true,
        options: [
          { name: { de: 'Dünn' }, price: 0, taxId: null, children: [], declarationIds: [] },
          {
            name: { de: 'Gefüllter Rand' },
            price: 1.5,
            taxId: null,
            children: [{ name: { de: 'Füllung' }, type: 'select', required: true, options: [{ name: { de: 'Käse' }, price: 0.5, taxId: null, children: [], declarationIds: [] }] }],
            declarationIds: [],
          },
        ],
      },
    ],
    extras: [{ name: { de: 'Extra Käse' }, taxId: null, prices: [1, 1.5], declarationIds: [] }],
    declarationIds: overview.declarations.filter((d) => d.code === 'A' || d.code === 'G').map((d) => d.id),
  });
  const create = async (doc: ProductDoc) => {
    const res = await staff<{ data: Doc }>(owner, 'POST', '/menu/products', doc);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  };
  const put = async (doc: Doc) => {
    const res = await staff<{ data: Doc }>(owner, 'PUT', `/menu/products/${doc.id}`, doc);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const storefront = async (categoryId: number) => {
    const res = await call<{ data: Product[] }>(app(), 'GET', `/api/products/categories/${categoryId}/products`);
    return res.status === 200 ? res.body.data : [];
  };
  const categoriesShown = async () => (await call<{ data: Category[] }>(app(), 'GET', '/api/products/categories')).body.data.map((c) => c.id);
  const lastLog = async () => (await staff<{ data: AuditEntry[] }>(owner, 'GET', '/audit?limit=1')).body.data[0]!;
  const orderOf = async (product: Product, options: Record<number, number[]> = {}) =>
    placeOrder(app(), payload([productLine(product, { options })], { deliverAt: 'now', deliverDate: null }));

  beforeAll(async () => {
    await setWorkingHours(ctx().database.db, ALL_WEEK);
    await ensureOwner(ctx().database.db, OWNER.email, OWNER.password);
    owner = await login(OWNER.email, OWNER.password);
    overview = (await staff<{ data: MenuOverview }>(owner, 'GET', '/menu')).body.data;
    food = overview.taxes.find((x) => x.percent === 7)!.id;
    drinks = overview.taxes.find((x) => x.percent === 19)!.id;
  });

  it('lists every category and product with the VAT classes and the full EU and German declaration lists', () => {
    expect(overview.categories.length).toBeGreaterThan(2);
    expect(overview.categories.every((c) => c.products.length > 0)).toBe(true);
    expect(overview.declarations.filter((d) => d.kind === 'allergen')).toHaveLength(14);
    expect(overview.declarations.filter((d) => d.kind === 'additive').length).toBeGreaterThanOrEqual(12);
    expect(drinks).not.toBe(food);
  });

  it('creates a product tree, shows it on the storefront, and keeps every id through an edit', async () => {
    const categoryId = await newCategory('Pizzen Test');
    const created = await create(pizza(categoryId));
    const [small, large] = created.sizes;
    const crust = created.variants[0]!;
    const filled = crust.options[1]!;
    const extra = created.extras[0]!;
    expect(filled.children[0]!.options[0]!.price).toBe(0.5);
    expect(extra.prices).toEqual([1, 1.5]);

    const shown = (await storefront(categoryId)).find((p) => p.id === created.id)!;
    expect(shown.sizes.map((s) => [s.name, s.price])).toEqual([
      ['Klein', 8.5],
      ['Groß', 11],
    ]);
    expect(shown.variants[0]!.options[1]!.children[0]!.name).toBe('Füllung');
    expect(shown.extras[0]!.prices).toEqual([
      { sizeId: small!.id, price: 1 },
      { sizeId: large!.id, price: 1.5 },
    ]);
    expect(shown.allergens.map((a) => a.code)).toEqual(['A', 'G']);

    // Edit: a new price, a size removed, an option added, a new extra; the kept rows keep their ids.
    const edited = await put({
      ...created,
      sizes: [{ ...small!, price: 9 }],
      variants: [{ ...crust, options: [...crust.options, { name: { de: 'Vollkorn' }, price: 1, taxId: drinks, children: [], declarationIds: [] }] }],
      extras: [
        { ...extra, prices: [2] },
        { name: { de: 'Oliven' }, taxId: null, prices: [0.8], declarationIds: [] },
      ],
    });
    expect(edited.sizes.map((s) => s.id)).toEqual([small!.id]);
    expect(edited.variants[0]!.id).toBe(crust.id);
    expect(edited.variants[0]!.options.slice(0, 2).map((o) => o.id)).toEqual(crust.options.map((o) => o.id));
    expect(edited.variants[0]!.options[1]!.children[0]!.id).toBe(filled.children[0]!.id);
    expect(edited.variants[0]!.options[2]!.taxId).toBe(drinks);
    expect(edited.extras[0]!.id).toBe(extra.id);
    expect(edited.extras[1]!.id).toBeGreaterThan(extra.id!);

    const after = (await storefront(categoryId)).find((p) => p.id === created.id)!;
    // One size left: its name is blank on the storefront.
    expect(after.sizes).toEqual([{ id: small!.id, name: '', price: 9 }]);
    expect(after.extras.map((e) => e.prices)).toEqual([[{ sizeId: small!.id, price: 2 }], [{ sizeId: small!.id, price: 0.8 }]]);
  });

  it('writes one history line per change with only the changed fields, prices as numbers', async () => {
    const categoryId = await newCategory('Historie');
    const created = await create(pizza(categoryId, 'Margherita Test'));
    const made = await lastLog();
    expect(made).toMatchObject({ action: 'menu.product.create', subject: 'Product: Margherita Test', actor: expect.any(String) });
    expect((made.details as { before: unknown }).before).toBeNull();

    await put({ ...created, sizes: [{ ...created.sizes[0]!, price: 9.9 }, created.sizes[1]!] });
    const changed = await lastLog();
    expect(changed.action).toBe('menu.product.update');
    const details = changed.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(Object.keys(details.after)).toEqual(['sizes']);
    expect(details.before.sizes).toEqual([
      { name: { de: 'Klein' }, price: 8.5 },
      { name: { de: 'Groß' }, price: 11 },
    ]);
    expect((details.after.sizes as { price: number }[])[0]!.price).toBe(9.9);

    // Saving an untouched product writes nothing.
    const again = await staff<{ data: Doc }>(owner, 'GET', `/menu/products/${created.id}`);
    await put(again.body.data);
    expect((await lastLog()).id).toBe(changed.id);

    await put({ ...again.body.data, active: false });
    expect((await lastLog()).details).toEqual({ before: { active: true }, after: { active: false } });

    const list = (await staff<{ data: MenuOverview }>(owner, 'GET', '/menu')).body.data;
    const ids = list.categories.map((c) => c.id);
    await staff(owner, 'PUT', '/menu/categories/order', { ids: [categoryId, ...ids.filter((id) => id !== categoryId)] });
    const moved = await lastLog();
    expect(moved.action).toBe('menu.category.reorder');
    expect((moved.details as { after: { order: string[] } }).after.order[0]).toBe('Historie');
    expect((await categoriesShown())[0]).toBe(categoryId);
    await staff(owner, 'PUT', '/menu/categories/order', { ids });
  });

  it('hides products and categories from the storefront and refuses them at checkout', async () => {
    const categoryId = await newCategory('Versteckt');
    const doc = await create(pizza(categoryId, 'Bald weg'));
    const shown = (await storefront(categoryId)).find((p) => p.id === doc.id)!;
    const options = { [shown.variants[0]!.id]: [shown.variants[0]!.options[0]!.id] };
    const line = payload([productLine(shown, { options })], { deliverAt: 'now', deliverDate: null });

    await put({ ...doc, active: false });
    expect(await storefront(categoryId)).toEqual([]);
    let refused = await checkout(app(), line, { headers: EN });
    expect(refused.status).toBe(422);
    expect(fieldErrors(refused)['items[0]']![0]).toContain('not available');

    await put({ ...doc, active: true });
    expect((await checkout(app(), line)).status).toBe(201);

    const res = await staff(owner, 'PUT', `/menu/categories/${categoryId}`, { name: { de: 'Versteckt' }, description: {}, active: false });
    expect(res.status, res.text).toBe(200);
    expect((await lastLog()).action).toBe('menu.category.hide');
    expect(await categoriesShown()).not.toContain(categoryId);
    expect((await call(app(), 'GET', `/api/products/categories/${categoryId}/products`)).status).toBe(404);
    refused = await checkout(app(), line, { headers: EN });
    expect(refused.status).toBe(422);
    // The editor still lists the hidden category and its product.
    const list = (await staff<{ data: MenuOverview }>(owner, 'GET', '/menu')).body.data;
    expect(list.categories.find((c) => c.id === categoryId)?.products.map((p) => p.id)).toEqual([doc.id]);
  });

  it('archives an ordered product, deletes an unordered one, and the old order keeps its lines, prices and total', async () => {
    const categoryId = await newCategory('Archiv');
    const sold = await create(pizza(categoryId, 'Verkauft'));
    const unsold = await create(pizza(categoryId, 'Nie bestellt'));
    const product = (await storefront(categoryId)).find((p) => p.id === sold.id)!;
    const order = await orderOf(product, { [product.variants[0]!.id]: [product.variants[0]!.options[0]!.id] });
    const before = await orderPage(app(), order);
    expect(before.items[0]!.price).toBe(8.5);

    // Price and name change, then deletion: the placed order stays exactly as it was.
    await put({ ...sold, name: { de: 'Umbenannt' }, sizes: [{ ...sold.sizes[0]!, price: 20 }, sold.sizes[1]!] });
    const overviewNow = (await staff<{ data: MenuOverview }>(owner, 'GET', '/menu')).body.data;
    expect(overviewNow.categories.find((c) => c.id === categoryId)!.products.find((p) => p.id === sold.id)!.ordered).toBe(true);
    const gone = await staff<{ data: DeleteOutcome }>(owner, 'DELETE', `/menu/products/${sold.id}`);
    expect(gone.body.data).toEqual({ deleted: 0, archived: 1 });
    expect((await lastLog()).action).toBe('menu.product.archive');
    expect(await orderPage(app(), order)).toEqual(before);

    // Archived: gone from the storefront, the editor, the sold-out screen and checkout.
    expect((await storefront(categoryId)).map((p) => p.id)).toEqual([unsold.id]);
    expect((await staff(owner, 'GET', `/menu/products/${sold.id}`)).status).toBe(404);
    const availability = await staff<{ data: { categories: { products: { id: number }[] }[] } }>(owner, 'GET', '/availability');
    expect(availability.body.data.categories.flatMap((c) => c.products.map((p) => p.id))).not.toContain(sold.id);
    const refused = await checkout(app(), payload([productLine(product)], { deliverAt: 'now', deliverDate: null }));
    expect(refused.status).toBe(422);

    const deleted = await staff<{ data: DeleteOutcome }>(owner, 'DELETE', `/menu/products/${unsold.id}`);
    expect(deleted.body.data).toEqual({ deleted: 1, archived: 0 });
    expect((await lastLog()).action).toBe('menu.product.delete');
    expect(await storefront(categoryId)).toEqual([]);
  });

  it('deletes a category: ordered products archived (and the category with them), the rest deleted', async () => {
    const emptyish = await newCategory('Ganz weg');
    await create(pizza(emptyish, 'Einzeln'));
    expect((await staff<{ data: DeleteOutcome }>(owner, 'DELETE', `/menu/categories/${emptyish}`)).body.data).toEqual({ deleted: 1, archived: 0 });
    expect((await lastLog()).action).toBe('menu.category.delete');

    const categoryId = await newCategory('Teils bestellt');
    const sold = await create(pizza(categoryId, 'Bestellt'));
    await create(pizza(categoryId, 'Unbestellt'));
    const product = (await storefront(categoryId)).find((p) => p.id === sold.id)!;
    const order = await orderOf(product, { [product.variants[0]!.id]: [product.variants[0]!.options[0]!.id] });
    const before = await orderPage(app(), order);
    const res = await staff<{ data: DeleteOutcome }>(owner, 'DELETE', `/menu/categories/${categoryId}`);
    expect(res.body.data).toEqual({ deleted: 1, archived: 1 });
    const line = await lastLog();
    expect(line).toMatchObject({ action: 'menu.category.archive', subject: 'Category: Teils bestellt' });
    expect((line.details as { before: { archivedProducts: string[] } }).before.archivedProducts).toEqual(['Bestellt']);
    expect(await categoriesShown()).not.toContain(categoryId);
    const list = (await staff<{ data: MenuOverview }>(owner, 'GET', '/menu')).body.data;
    expect(list.categories.map((c) => c.id)).not.toContain(categoryId);
    expect(await orderPage(app(), order)).toEqual(before);
  });

  it('changes the catalog version and the ETag with a price change', async () => {
    const categoryId = await newCategory('Version');
    const doc = await create(pizza(categoryId, 'Versioniert'));
    const version = async () => (await call<{ data: CatalogVersion }>(app(), 'GET', '/api/products/version')).body.data.version;
    const list = () => call(app(), 'GET', `/api/products/categories/${categoryId}/products`);
    const v1 = await version();
    const first = await list();
    const etag = String(first.headers.etag);
    expect((await call(app(), 'GET', `/api/products/categories/${categoryId}/products`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await put({ ...doc, sizes: [{ ...doc.sizes[0]!, price: 8.6 }, doc.sizes[1]!] });
    expect(await version()).not.toBe(v1);
    const second = await call(app(), 'GET', `/api/products/categories/${categoryId}/products`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
  });

  it('moves a product to another category and reorders products', async () => {
    const a = await newCategory('Von');
    const b = await newCategory('Nach');
    const one = await create(pizza(a, 'Eins'));
    const two = await create(pizza(b, 'Zwei'));
    await put({ ...one, categoryId: b });
    expect((await storefront(b)).map((p) => p.id)).toEqual([two.id, one.id]);
    const res = await staff(owner, 'PUT', `/menu/categories/${b}/products/order`, { ids: [one.id, two.id] });
    expect(res.status, res.text).toBe(200);
    expect((await storefront(b)).map((p) => p.id)).toEqual([one.id, two.id]);
    expect((await lastLog()).action).toBe('menu.product.reorder');
    // A product of another category in the list moves nothing.
    const wrong = await staff(owner, 'PUT', `/menu/categories/${a}/products/order`, { ids: [one.id] });
    expect(wrong.status).toBe(422);
  });

  it('lets service staff read but not write, and strangers nothing', async () => {
    const service = await addStaff('service');
    const manager = await addStaff('manager');
    expect((await staff(service, 'GET', '/menu')).status).toBe(200);
    const doc = pizza(overview.categories[0]!.id, 'Verboten');
    expect((await staff(service, 'POST', '/menu/products', doc)).status).toBe(403);
    expect((await staff(service, 'POST', '/menu/products', { nonsense: true })).status).toBe(403);
    expect((await staff(service, 'DELETE', `/menu/products/${overview.categories[0]!.products[0]!.id}`)).status).toBe(403);
    expect((await staff(service, 'PUT', '/menu/categories/order', { ids: [1] })).status).toBe(403);
    expect((await staff(null, 'GET', '/menu')).status).toBe(401);
    expect((await staff(null, 'POST', '/menu/products', doc)).status).toBe(401);
    expect((await staff(null, 'DELETE', '/menu/categories/1')).status).toBe(401);
    const byManager = await staff<{ data: Doc }>(manager, 'POST', '/menu/products', { ...doc, name: { de: 'Vom Manager' } });
    expect(byManager.status).toBe(201);
  });

  describe('refuses bad bodies with field paths', () => {
    const refuse = async (body: unknown, url = '/menu/products', method: 'POST' | 'PUT' = 'POST') => {
      const res = await staff<{ message: string; data: Record<string, string[]> }>(owner, method, url, body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBeTypeOf('string');
      return Object.keys(res.body.data);
    };
    const valid = () => pizza(overview.categories[0]!.id, 'Ungültig');

    it('negative and over-precise prices, a missing German name, a variant without options', async () => {
      const doc = valid();
      expect(await refuse({ ...doc, sizes: [{ name: {}, price: -1 }], extras: [] })).toEqual(['sizes[0].price']);
      expect(await refuse({ ...doc, sizes: [{ name: {}, price: 1.234 }], extras: [] })).toEqual(['sizes[0].price']);
      expect(await refuse({ ...doc, name: { en: 'Only English' } })).toEqual(['name']);
      expect(await refuse({ ...doc, variants: [{ name: { de: 'Leer' }, type: 'select', required: true, options: [] }] })).toEqual(['variants[0].options']);
      expect(await refuse({ ...doc, sizes: [] })).toContain('sizes');
      expect(await refuse({ ...doc, extras: [{ name: { de: 'x' }, taxId: null, prices: [1] }] })).toEqual(['extras[0].prices']);
      expect(await refuse({ ...doc, sizes: [doc.sizes[0], { name: {}, price: 2 }] })).toEqual(['sizes[1].name']);
    });

    it('unknown tax, declaration, category and row ids', async () => {
      const doc = valid();
      expect(await refuse({ ...doc, taxId: 999_999 })).toEqual(['taxId']);
      expect(await refuse({ ...doc, extras: [{ ...doc.extras[0], taxId: 999_999 }] })).toEqual(['extras[0].taxId']);
      const nested = structuredClone(doc);
      nested.variants[0]!.options[1]!.children[0]!.options[0]!.taxId = 999_999;
      expect(await refuse(nested)).toEqual(['variants[0].options[1].children[0].options[0].taxId']);
      expect(await refuse({ ...doc, declarationIds: [999_999] })).toEqual(['declarationIds[0]']);
      expect(await refuse({ ...doc, categoryId: 999_999 })).toEqual(['categoryId']);
      // Another product's size id is not this product's row.
      const other = await create(pizza(overview.categories[0]!.id, 'Fremd'));
      const mine = await create(pizza(overview.categories[0]!.id, 'Eigen'));
      expect(await refuse({ ...mine, sizes: [{ ...mine.sizes[0], id: other.sizes[0]!.id }, mine.sizes[1]] }, `/menu/products/${mine.id}`, 'PUT')).toEqual([
        'sizes[0].id',
      ]);
    });

    it('hostile input: prototype keys, NUL bytes, huge lists and strings, deep nesting, wrong types', async () => {
      const doc = valid();
      const proto = JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"x": 1}, ${JSON.stringify(doc).slice(1)}`) as unknown;
      // Fastify's parser refuses a `__proto__` key outright; `constructor` alone is dropped.
      expect((await staff(owner, 'POST', '/menu/products', proto)).status).toBe(400);
      const ctor = JSON.parse(`{"constructor": {"x": 1}, "toString": 1, ${JSON.stringify({ ...doc, name: { de: 'Ohne Prototyp' } }).slice(1)}`) as unknown;
      expect((await staff(owner, 'POST', '/menu/products', ctor)).status).toBe(201);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await refuse({ ...doc, name: { de: 'Pizza\u0000' } })).toEqual(['name.de']);
      // Small enough for the body limit (256 KB), so the schema's own limit answers.
      const many = Array.from({ length: 10_000 }, () => ({ name: {}, price: 1 }));
      expect(await refuse({ ...doc, sizes: many, extras: [] })).toContain('sizes');
      expect(await refuse({ ...doc, name: { de: 'x'.repeat(5000) } })).toEqual(['name']);
      let deep: unknown = { name: { de: 'v' }, type: 'select', required: false, options: [] };
      for (let i = 0; i < 10; i++) deep = { name: { de: 'v' }, type: 'select', required: false, options: [{ name: { de: 'o' }, price: 0, taxId: null, children: [deep] }] };
      const tooDeep = await staff<{ data: Record<string, string[]> }>(owner, 'POST', '/menu/products', { ...doc, variants: [deep] });
      expect(tooDeep.status).toBe(422);
      for (const body of [null, [], 42, { ...doc, sizes: 'many' }, { ...doc, variants: [{ name: 'x', type: 'radio', required: 'yes', options: {} }] }, { ...doc, declarationIds: ['1; drop'] }]) {
        expect((await staff(owner, 'POST', '/menu/products', body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
      }
      expect(await refuse({ name: {}, description: 5, active: 'maybe' }, '/menu/categories')).toEqual(['name', 'description', 'active']);
      expect(await refuse({ ids: [1, 1] }, '/menu/categories/order', 'PUT')).toEqual(['ids']);
    });
  });
});
