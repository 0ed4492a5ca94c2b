/**
 * "Order again" (issue 17) rebuilds a past order from what was chosen by id: the order page, the
 * customer's list and the board carry each line's choice exactly as it was validated, and a menu
 * line carries its slots' choices. Names and prices stay the order's own; today's come from the menu.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, checkout, loadCatalog, menuLine, menuNamed, orderPage, payload, placed, productLine } from './checkout-helpers';
import { backends, useTestApp } from './harness';

describe.each(backends())('an order’s lines carry their choices on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  it('gives back the ids of every choice, for a dish with options and extras and for a menu', async () => {
    const dish = catalog.products.find((p) => p.extras.length > 0 && p.sizes.length > 0);
    if (!dish) throw new Error('the demo menu has a dish with extras');
    const extra = dish.extras.find((e) => e.prices.some((p) => p.sizeId === dish.sizes[0]?.id));
    const combo = menuNamed(catalog, catalog.menus[0]?.name ?? '');
    const lines = [productLine(dish, { qty: 2, extraIds: extra ? [extra.id] : [] }), menuLine(combo)];
    const result = placed(await checkout(app(), payload(lines), { headers: { 'accept-language': 'en' } }));
    // Straight from the order placed, and from its page read afresh.
    for (const order of [result.order, await orderPage(app(), result)]) {
      expect(order.items.map((i) => i.again)).toEqual(lines);
      expect(order.items[0]?.name).toBe(dish.name);
    }
  });
});
