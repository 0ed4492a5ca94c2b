/**
 * The strict allergen filter's server side (issue 17 part 2, decision 054): the restaurant's list
 * of declarations, what options and extras declare in the catalog, the codes an order line holds as
 * chosen, and what a diner shares with the kitchen: kept on the order, on the board, on the ticket.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardOrder } from '../../src/shared/contract/staff';
import type { Declarations, Product } from '../../src/shared/contract/catalog';
import type { PrinterAdmin } from '../../src/shared/contract/printers';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import {
  ALL_WEEK,
  type Catalog,
  call,
  checkout,
  fieldErrors,
  loadCatalog,
  orderPage,
  payload,
  placeOrder,
  productLine,
  productNamed,
  setWorkingHours,
} from './checkout-helpers';
import { SimulatedPrinter } from './cloudprnt-printer';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

const optionNamed = (product: Product, name: string) => {
  const found = product.variants.flatMap((v) => v.options).find((o) => o.name === name);
  if (!found) throw new Error(`no option ${name} on ${product.name}`);
  return found;
};

describe.each(backends())('the allergen filter on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let owner: string;

  const staff = <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(owner), ...EN }, payload: body });

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    await ensureOwner(db(), OWNER.email, OWNER.password);
    owner = (await call<{ data: { token: string } }>(app(), 'POST', '/api/staff/login', { payload: OWNER })).body.data.token;
    catalog = await loadCatalog(app());
  });

  it('lists the 14 EU allergens and the additives in the asked language, for the filter', async () => {
    const en = await call<{ data: Declarations }>(app(), 'GET', '/api/declarations', { headers: EN });
    expect(en.status).toBe(200);
    // The letters customary on German menus (LMIV): I, J, K and Q are not used.
    expect(en.body.data.allergens.map((d) => d.code)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'L', 'M', 'N', 'O', 'P', 'R']);
    expect(en.body.data.allergens.find((d) => d.code === 'G')?.name).toBe('Milk/lactose');
    expect(en.body.data.additives.length).toBeGreaterThan(0);
    // Numbers in number order: 10 after 9.
    const numbers = en.body.data.additives.map((d) => Number(d.code));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const de = await call<{ data: Declarations }>(app(), 'GET', '/api/declarations', { headers: { 'accept-language': 'de' } });
    expect(de.body.data.allergens.find((d) => d.code === 'G')?.name).toBe('Milch/Laktose');
    // A catalog answer: revalidated by its version like the menu.
    expect(en.headers.etag).toBeTruthy();
  });

  it('shows what each option and extra adds, nested child menus too', () => {
    const salad = productNamed(catalog, 'House salad');
    expect(salad.allergens).toEqual([]);
    expect(salad.variants[0]?.options.map((o) => [o.name, o.allergens])).toEqual([
      ['Balsamic vinaigrette', ['O']],
      ['Herb yoghurt', ['G']],
      ['Honey mustard', ['M']],
    ]);
    const pizza = productNamed(catalog, 'Pizza salami');
    expect(pizza.extras.find((e) => e.name === 'Extra cheese')?.allergens).toEqual(['G']);
    expect(pizza.extras.find((e) => e.name === 'Cooked ham')?.additives).toEqual(['2', '3']);
    const schnitzel = productNamed(catalog, 'Viennese-style schnitzel');
    const fried = optionNamed(schnitzel, 'Fried potatoes');
    expect(fried.children[0]?.options[0]).toMatchObject({ name: 'with bacon', allergens: [], additives: ['2', '3'] });
  });

  it('keeps on each line the codes of what was chosen, and what the diner shared with the kitchen', async () => {
    const salad = productNamed(catalog, 'House salad');
    const yoghurt = optionNamed(salad, 'Herb yoghurt');
    const pizza = productNamed(catalog, 'Pizza salami');
    const cheese = pizza.extras.find((e) => e.name === 'Extra cheese')!;
    const result = await placeOrder(
      app(),
      payload([productLine(salad, { options: { [salad.variants[0]!.id]: [yoghurt.id] } }), productLine(pizza, { extraIds: [cheese.id] })], {
        deliverAt: 'now',
        deliverDate: null,
        // 'Z' is no allergen of this restaurant's: dropped, not refused (it may have been removed since).
        avoids: { allergens: ['M', 'O', 'Z', 'M'], additives: ['2'] },
      }),
      EN,
    );
    const order = await orderPage(app(), result);
    expect(order.avoids).toEqual({ allergens: ['M', 'O'], additives: ['2'] });
    expect(order.items[0]?.codes).toEqual(['G']);
    expect(order.items[1]?.codes).toEqual(expect.arrayContaining(['A', 'G']));

    const board = await staff<{ data: BoardOrder[] }>('GET', '/orders');
    expect(board.body.data.find((o) => o.code === result.order.code)?.avoids).toEqual({ allergens: ['M', 'O'], additives: ['2'] });

    // Not shared: nothing kept.
    const quiet = await placeOrder(app(), payload([productLine(salad)], { avoids: null }), EN);
    expect((await orderPage(app(), quiet)).avoids).toBeNull();
    const empty = await placeOrder(app(), payload([productLine(salad)], { avoids: { allergens: [], additives: [] } }), EN);
    expect((await orderPage(app(), empty)).avoids).toBeNull();
  });

  it('prints what the diner avoids above the dishes of the kitchen ticket', async () => {
    const res = await staff<{ data: { printer: PrinterAdmin; url: string } }>('POST', '/printers', { name: 'Küche', station: 'kitchen' });
    expect(res.status, res.text).toBe(201);
    const printer = new SimulatedPrinter(app(), new URL(res.body.data.url).pathname);
    await printer.drain();
    const salad = productNamed(catalog, 'House salad');
    const result = await placeOrder(app(), payload([productLine(salad)], { deliverAt: 'now', deliverDate: null, avoids: { allergens: ['G'], additives: [] } }), EN);
    expect((await staff('POST', `/orders/${result.order.code}/accept`, { minutes: 10 })).status).toBe(200);
    const [ticket] = await printer.drain();
    const text = ticket?.text ?? '';
    expect(text).toMatch(/GASTE?S? MEIDET|GUEST AVOIDS|MEIDET/);
    expect(text).toMatch(/G Milch\/Laktose|G Milk\/lactose/);
    expect(text.indexOf('Milch') < text.indexOf('1x') || text.indexOf('Milk') < text.indexOf('1x')).toBe(true);
    // The balsamic the salad starts with declares sulphites: on the dish's own line.
    expect(text).toMatch(/O Schwefel|O Sulphur|O\b/);
  });

  it('refuses a hostile filter with a field error, never a 500', async () => {
    const salad = productNamed(catalog, 'House salad');
    const bad: unknown[] = [
      'G',
      ['G'],
      { allergens: 'G' },
      { allergens: [1] },
      { allergens: ['<script>'] },
      { allergens: ['G\u0000'] },
      { allergens: Array.from({ length: 61 }, (_, i) => `X${i}`) },
      { additives: [{ nested: { deep: ['G'] } }] },
    ];
    for (const avoids of bad) {
      const res = await checkout(app(), payload([productLine(salad)], { avoids }), { headers: EN });
      expect(res.status, `${JSON.stringify(avoids)} → ${res.text}`).toBe(422);
      expect(Object.keys(fieldErrors(res)).some((k) => k.startsWith('avoids')), res.text).toBe(true);
    }
    // Prototype keys are no way in: the JSON parser refuses `__proto__` and `constructor.prototype` outright.
    for (const avoids of ['{"__proto__":{"allergens":["G"]}}', '{"constructor":{"prototype":{"allergens":["G"]}}}']) {
      const res = await checkout(app(), `{"items":[],"avoids":${avoids}}`, { headers: { ...EN, 'content-type': 'application/json' } });
      expect(res.status, res.text).toBe(400);
    }
    // A `constructor` key that is only a key is an unknown field, ignored.
    const ctor = await checkout(app(), payload([productLine(salad)], { avoids: { constructor: 'G', allergens: ['M'] } }), { headers: EN });
    expect(ctor.status, ctor.text).toBe(201);
    expect((ctor.body as { data: { order: { avoids: unknown } } }).data.order.avoids).toEqual({ allergens: ['M'], additives: [] });
  });
});
