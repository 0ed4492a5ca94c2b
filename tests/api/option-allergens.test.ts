/**
 * Allergens and additives on options and extras (issue 17 part 2): the menu editor saves what an
 * option (also one in a nested child menu) and an extra add to the dish, gives it back in the
 * editor's document, the storefront shows their codes, an unknown declaration is a field error on
 * its own path (never a 500), taking them away clears them, and the history records each change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Extra, Option, Product } from '../../src/shared/contract/catalog';
import type { MenuOverview, OptionDoc, ProductDoc } from '../../src/shared/contract/menu-admin';
import type { AuditEntry, StaffSession } from '../../src/shared/contract/staff';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { ALL_WEEK, call, orderPage, payload, placeOrder, productLine, setWorkingHours, type Reply } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@option-allergens.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

type Doc = ProductDoc & { id: number };
type Refusal = { message: string; data: Record<string, string[]> };

describe.each(backends())('allergens on options and extras on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let owner: string;
  let overview: MenuOverview;
  let categoryId: number;
  let food: number;
  /** Declaration ids by kind and code: `id('allergen', 'G')`. */
  const id = (kind: 'allergen' | 'additive', code: string) => {
    const found = overview.declarations.find((d) => d.kind === kind && d.code === code);
    if (!found) throw new Error(`no ${kind} ${code}`);
    return found.id;
  };

  const staff = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Reply<T>> =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(owner), ...EN }, payload: body });
  const create = async (doc: ProductDoc) => {
    const res = await staff<{ data: Doc }>('POST', '/menu/products', doc);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  };
  const put = async (doc: Doc) => {
    const res = await staff<{ data: Doc }>('PUT', `/menu/products/${doc.id}`, doc);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const read = async (productId: number) => {
    const res = await staff<{ data: Doc }>('GET', `/menu/products/${productId}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  /** The refused body's field paths (422, never 500). */
  const refuse = async (body: unknown, url = '/menu/products', method: 'POST' | 'PUT' = 'POST') => {
    const res = await staff<Refusal>(method, url, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBeTypeOf('string');
    return Object.keys(res.body.data).sort();
  };
  const shown = async (productId: number): Promise<Product> => {
    const res = await call<{ data: Product[] }>(app(), 'GET', `/api/products/categories/${categoryId}/products`, { headers: EN });
    expect(res.status, res.text).toBe(200);
    const product = res.body.data.find((p) => p.id === productId);
    if (!product) throw new Error(`product ${productId} is not on the storefront`);
    return product;
  };
  const lastLog = async () => (await staff<{ data: AuditEntry[] }>('GET', '/audit?limit=1')).body.data[0]!;
  const codes = (x: Option | Extra) => ({ allergens: x.allergens, additives: x.additives });
  const NONE = { allergens: [], additives: [] };

  const option = (de: string, price: number, declarationIds: number[] = [], children: OptionDoc['children'] = []): OptionDoc => ({
    name: { de },
    price,
    taxId: null,
    children,
    declarationIds,
  });
  /**
   * A pizza whose crust is a choice: the classic one declares nothing, the cheese-filled rim adds
   * milk and leads to a filling choice whose egg filling adds eggs; the cheese extra adds milk, the
   * salami extra two additives.
   */
  const pizza = (name: string, declare = true): ProductDoc => ({
    categoryId,
    name: { de: name },
    description: {},
    taxId: food,
    active: true,
    sizes: [{ name: {}, price: 9 }],
    variants: [
      {
        name: { de: 'Teig' },
        type: 'select',
        required: true,
        options: [
          option('Klassisch', 0),
          option('Käserand', 1.5, declare ? [id('allergen', 'G')] : [], [
            {
              name: { de: 'Füllung' },
              type: 'select',
              required: true,
              options: [option('Ei', 0.5, declare ? [id('allergen', 'C'), id('allergen', 'A')] : []), option('Nichts', 0)],
            },
          ]),
        ],
      },
    ],
    extras: [
      { name: { de: 'Extra Käse' }, taxId: null, prices: [1], declarationIds: declare ? [id('allergen', 'G')] : [] },
      { name: { de: 'Salami' }, taxId: null, prices: [1.5], declarationIds: declare ? [id('additive', '2'), id('additive', '1')] : [] },
    ],
    declarationIds: [id('allergen', 'A')],
  });

  beforeAll(async () => {
    await setWorkingHours(ctx().database.db, ALL_WEEK);
    await ensureOwner(ctx().database.db, OWNER.email, OWNER.password);
    const login = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: OWNER });
    expect(login.status, login.text).toBe(200);
    owner = login.body.data.token;
    overview = (await staff<{ data: MenuOverview }>('GET', '/menu')).body.data;
    food = overview.taxes.find((x) => x.percent === 7)!.id;
    const category = await staff<{ data: { id: number } }>('POST', '/menu/categories', { name: { de: 'Allergene Test' }, description: {}, active: true });
    expect(category.status, category.text).toBe(201);
    categoryId = category.body.data.id;
  });

  it('saves what options (a child menu’s too) and extras declare, gives it back to the editor and shows the codes on the storefront', async () => {
    const saved = await create(pizza('Pizza Allergene'));
    const doc = await read(saved.id);
    // The editor's document: ids in ascending order, as sent or not.
    const [classic, rim] = doc.variants[0]!.options;
    expect(classic!.declarationIds).toEqual([]);
    expect(rim!.declarationIds).toEqual([id('allergen', 'G')]);
    expect(rim!.children[0]!.options.map((o) => o.declarationIds)).toEqual([[id('allergen', 'A'), id('allergen', 'C')].sort((a, b) => a - b), []]);
    expect(doc.extras.map((e) => e.declarationIds)).toEqual([[id('allergen', 'G')], [id('additive', '1'), id('additive', '2')].sort((a, b) => a - b)]);
    expect(saved).toEqual(doc);
    expect(doc.declarationIds).toEqual([id('allergen', 'A')]);

    const product = await shown(saved.id);
    const crust = product.variants[0]!;
    expect(codes(crust.options[0]!)).toEqual(NONE);
    expect(codes(crust.options[1]!)).toEqual({ allergens: ['G'], additives: [] });
    expect(crust.options[1]!.children[0]!.options.map(codes)).toEqual([{ allergens: ['A', 'C'], additives: [] }, NONE]);
    expect(product.extras.map(codes)).toEqual([
      { allergens: ['G'], additives: [] },
      { allergens: [], additives: ['1', '2'] },
    ]);
    // The dish's own declarations stay the dish's: an option's are not added to them.
    expect(product.allergens.map((d) => d.code)).toEqual(['A']);
    expect(product.additives).toEqual([]);
  });

  it('puts the chosen option’s and extra’s codes on the order line for the kitchen', async () => {
    const saved = await create(pizza('Pizza Bestellt'));
    const product = await shown(saved.id);
    const crust = product.variants[0]!;
    const rim = crust.options[1]!;
    const filling = rim.children[0]!;
    const line = productLine(product, { options: { [crust.id]: [rim.id], [filling.id]: [filling.options[0]!.id] }, extraIds: [product.extras[1]!.id] });
    const order = await orderPage(app(), await placeOrder(app(), payload([line], { deliverAt: 'now', deliverDate: null })));
    expect([...order.items[0]!.codes].sort()).toEqual(['1', '2', 'A', 'C', 'G']);
  });

  it('saves a declaration sent twice once', async () => {
    const doc = pizza('Pizza Doppelt', false);
    doc.variants[0]!.options[0]!.declarationIds = [id('allergen', 'G'), id('allergen', 'G')];
    doc.extras[0]!.declarationIds = [id('allergen', 'G'), id('allergen', 'G')];
    const saved = await create(doc);
    expect(saved.variants[0]!.options[0]!.declarationIds).toEqual([id('allergen', 'G')]);
    expect(saved.extras[0]!.declarationIds).toEqual([id('allergen', 'G')]);
  });

  it('refuses an unknown declaration on the option’s, the child menu option’s or the extra’s own path, and saves nothing', async () => {
    const doc = pizza('Pizza Unbekannt');
    const onOption = structuredClone(doc);
    onOption.variants[0]!.options[1]!.declarationIds = [id('allergen', 'G'), 999_999];
    expect(await refuse(onOption)).toEqual(['variants[0].options[1].declarationIds[1]']);

    const nested = structuredClone(doc);
    nested.variants[0]!.options[1]!.children[0]!.options[1]!.declarationIds = [999_998];
    expect(await refuse(nested)).toEqual(['variants[0].options[1].children[0].options[1].declarationIds[0]']);

    const onExtra = structuredClone(doc);
    onExtra.extras[1]!.declarationIds = [999_997];
    expect(await refuse(onExtra)).toEqual(['extras[1].declarationIds[0]']);

    // Several at once: each on its path, in one answer.
    const all = structuredClone(onOption);
    all.variants[0]!.options[1]!.children[0]!.options[1]!.declarationIds = [999_998];
    all.extras[1]!.declarationIds = [999_997];
    expect(await refuse(all)).toEqual([
      'extras[1].declarationIds[0]',
      'variants[0].options[1].children[0].options[1].declarationIds[0]',
      'variants[0].options[1].declarationIds[1]',
    ]);

    // Not an id at all: the schema answers on the same path.
    const garbage = structuredClone(doc) as unknown as { extras: { declarationIds: unknown[] }[]; variants: { options: { declarationIds: unknown }[] }[] };
    garbage.extras[0]!.declarationIds = ['1; drop table options'];
    garbage.variants[0]!.options[0]!.declarationIds = [0];
    expect(await refuse(garbage)).toEqual(['extras[0].declarationIds[0]', 'variants[0].options[0].declarationIds[0]']);
    const notAList = structuredClone(doc) as unknown as { extras: { declarationIds: unknown }[] };
    notAList.extras[0]!.declarationIds = 'G';
    expect(await refuse(notAList)).toEqual(['extras[0].declarationIds']);

    // An edit of a saved product is refused the same way and changes nothing.
    const saved = await create(doc);
    const logged = await lastLog();
    const edit = structuredClone(saved);
    edit.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds = [999_996];
    edit.extras[0]!.declarationIds = [];
    expect(await refuse(edit, `/menu/products/${saved.id}`, 'PUT')).toEqual(['variants[0].options[1].children[0].options[0].declarationIds[0]']);
    expect(await read(saved.id)).toEqual(saved);
    expect((await lastLog()).id).toBe(logged.id);
    // Nothing with the refused name reached the menu.
    const list = (await staff<{ data: MenuOverview }>('GET', '/menu')).body.data;
    expect(list.categories.find((c) => c.id === categoryId)!.products.filter((p) => p.name.de === 'Pizza Unbekannt')).toHaveLength(1);
  });

  it('records adding and removing them in the history, and removing them clears the editor and the storefront', async () => {
    const saved = await create(pizza('Pizza Historie', false));
    expect((await shown(saved.id)).extras.map(codes)).toEqual([NONE, NONE]);

    // Adding: one history line with only what changed, ids ascending.
    const added = structuredClone(saved);
    added.variants[0]!.options[1]!.declarationIds = [id('allergen', 'G')];
    added.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds = [id('allergen', 'C')];
    added.extras[1]!.declarationIds = [id('additive', '2'), id('additive', '1')];
    await put(added);
    const addLine = await lastLog();
    expect(addLine).toMatchObject({ action: 'menu.product.update', subject: 'Product: Pizza Historie' });
    type Snapshot = { variants: { options: { declarationIds: number[]; children: { options: { declarationIds: number[] }[] }[] }[] }[]; extras: { declarationIds: number[] }[] };
    const addDetails = addLine.details as { before: Snapshot; after: Snapshot };
    expect(Object.keys(addDetails.after).sort()).toEqual(['extras', 'variants']);
    expect(addDetails.before.variants[0]!.options[1]!.declarationIds).toEqual([]);
    expect(addDetails.after.variants[0]!.options[1]!.declarationIds).toEqual([id('allergen', 'G')]);
    expect(addDetails.after.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds).toEqual([id('allergen', 'C')]);
    expect(addDetails.before.extras[1]!.declarationIds).toEqual([]);
    expect(addDetails.after.extras[1]!.declarationIds).toEqual([id('additive', '1'), id('additive', '2')].sort((a, b) => a - b));

    let product = await shown(saved.id);
    expect(codes(product.variants[0]!.options[1]!)).toEqual({ allergens: ['G'], additives: [] });
    expect(product.extras.map(codes)).toEqual([NONE, { allergens: [], additives: ['1', '2'] }]);

    // Saving the same again writes nothing; the same ids in another order are no change either.
    const again = await read(saved.id);
    again.extras[1]!.declarationIds.reverse();
    await put(again);
    expect((await lastLog()).id).toBe(addLine.id);

    // Removing: cleared everywhere, and the history says what they were.
    const cleared = await read(saved.id);
    cleared.variants[0]!.options[1]!.declarationIds = [];
    cleared.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds = [];
    cleared.extras[1]!.declarationIds = [];
    const afterClear = await put(cleared);
    const clearLine = await lastLog();
    expect(clearLine.id).toBeGreaterThan(addLine.id);
    const clearDetails = clearLine.details as { before: Snapshot; after: Snapshot };
    expect(clearDetails.before.extras[1]!.declarationIds).toEqual([id('additive', '1'), id('additive', '2')].sort((a, b) => a - b));
    expect(clearDetails.after.extras[1]!.declarationIds).toEqual([]);
    expect(clearDetails.before.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds).toEqual([id('allergen', 'C')]);
    expect(clearDetails.after.variants[0]!.options[1]!.children[0]!.options[0]!.declarationIds).toEqual([]);

    const doc = await read(saved.id);
    expect(doc).toEqual(afterClear);
    const everyOption = (variants: ProductDoc['variants']): OptionDoc[] => variants.flatMap((v) => v.options.flatMap((o) => [o, ...everyOption(o.children)]));
    expect(everyOption(doc.variants).map((o) => o.declarationIds)).toEqual([[], [], [], []]);
    expect(doc.extras.map((e) => e.declarationIds)).toEqual([[], []]);
    product = await shown(saved.id);
    expect(codes(product.variants[0]!.options[1]!)).toEqual(NONE);
    expect(product.variants[0]!.options[1]!.children[0]!.options.map(codes)).toEqual([NONE, NONE]);
    expect(product.extras.map(codes)).toEqual([NONE, NONE]);
  });

  it('drops an option or an extra that declares something, and the product itself, without trouble', async () => {
    const saved = await create(pizza('Pizza Weg'));
    const trimmed = structuredClone(saved);
    // The cheese rim goes with its child menu; the cheese extra goes.
    trimmed.variants[0]!.options = [trimmed.variants[0]!.options[0]!];
    trimmed.extras = [trimmed.extras[1]!];
    const after = await put(trimmed);
    expect(after.variants[0]!.options).toHaveLength(1);
    expect(after.extras.map((e) => e.declarationIds)).toEqual([[id('additive', '1'), id('additive', '2')].sort((a, b) => a - b)]);
    const product = await shown(saved.id);
    expect(product.variants[0]!.options.map(codes)).toEqual([NONE]);
    expect(product.extras.map(codes)).toEqual([{ allergens: [], additives: ['1', '2'] }]);

    const gone = await staff<{ data: { deleted: number; archived: number } }>('DELETE', `/menu/products/${saved.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.data).toEqual({ deleted: 1, archived: 0 });
  });
});
