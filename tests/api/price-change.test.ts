/**
 * Decision 022: a cart priced from an older catalog hears the new total before paying. The
 * checkout carries the total the diner was shown; when the server's differs, the order is refused
 * with the new total, nothing is created, and the retry with the acknowledged total goes through
 * under the same Idempotency-Key.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/contract/checkout';
import * as t from '../../src/server/db/schema';
import {
  ALL_WEEK,
  type Catalog,
  cents,
  checkout,
  fieldErrors,
  loadCatalog,
  newKey,
  orderCount,
  orderPage,
  payload,
  placed,
  productLine,
  productNamed,
  setWorkingHours,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

describe.each(backends())('price change before paying on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    catalog = await loadCatalog(app());
  });

  const sizeOf = (name: string) => {
    const product = productNamed(catalog, name);
    const size = product.sizes[0];
    if (!size) throw new Error('no size');
    return { product, size };
  };

  it('refuses an old shown total with the new one, creates nothing, then takes the acknowledged total under the same key', async () => {
    const { product, size } = sizeOf('Kaiserschmarrn');
    const line = productLine(product, { qty: 2 });
    const oldTotal = size.price * 2;
    const newCents = cents(size.price) + 130;
    await db().update(t.sizes).set({ priceCents: newCents }).where(eq(t.sizes.id, size.id));
    try {
      const key = newKey();
      const before = await orderCount(db());
      const paymentsBefore = (await db().select().from(t.payments)).length;
      const refused = await checkout(app(), payload([line], { shownTotal: oldTotal }), { key, headers: { 'accept-language': 'en' } });
      const errors = fieldErrors(refused);
      expect(Object.keys(errors)).toEqual(['shownTotal']);
      const newTotal = (newCents * 2) / 100;
      expect(errors.shownTotal?.[0]).toContain('Prices have changed since you opened the menu');
      expect(errors.shownTotal?.[0]).toContain(`€${newTotal.toFixed(2)}`);
      expect(await orderCount(db())).toBe(before);
      expect((await db().select().from(t.payments)).length).toBe(paymentsBefore);
      // The refusal is not the key's final answer.
      expect(await db().select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, key))).toHaveLength(0);

      // In German too, with the amount as a German reads it.
      const german = fieldErrors(await checkout(app(), payload([line], { shownTotal: oldTotal }), { key, headers: { 'accept-language': 'de' } }));
      expect(german.shownTotal?.[0]).toContain('Die Preise haben sich geändert');
      expect(german.shownTotal?.[0]).toContain(newTotal.toFixed(2).replace('.', ','));

      const result = placed(await checkout(app(), payload([line], { shownTotal: newTotal }), { key }));
      expect(result.order.payment.price).toBe(newTotal);
      const order: Order = await orderPage(app(), result);
      expect(order.payment.price).toBe(newTotal);
      expect(await orderCount(db())).toBe(before + 1);

      // The same key replays the order, whatever total the retry carries; it never makes a second one.
      const again = await checkout(app(), payload([line], { shownTotal: newTotal }), { key });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const stale = await checkout(app(), payload([line], { shownTotal: oldTotal }), { key });
      expect(stale.status).toBe(201);
      expect((stale.body as { data: { order: { code: string } } }).data.order.code).toBe(result.order.code);
      expect(await orderCount(db())).toBe(before + 1);
    } finally {
      await db().update(t.sizes).set({ priceCents: cents(size.price) }).where(eq(t.sizes.id, size.id));
    }
  });

  it('takes an order whose shown total matches, and one without a shown total (older clients, the operator)', async () => {
    const { product, size } = sizeOf('Kaiserschmarrn');
    placed(await checkout(app(), payload([productLine(product)], { shownTotal: size.price })));
    placed(await checkout(app(), payload([productLine(product)])));
  });

  it('an old order keeps its price when the product changes afterwards', async () => {
    const { product, size } = sizeOf('Kaiserschmarrn');
    const first = placed(await checkout(app(), payload([productLine(product)], { shownTotal: size.price })));
    await db().update(t.sizes).set({ priceCents: cents(size.price) + 200 }).where(eq(t.sizes.id, size.id));
    try {
      const second = placed(await checkout(app(), payload([productLine(product)], { shownTotal: size.price + 2 })));
      expect(second.order.payment.price).toBe(size.price + 2);
      expect((await orderPage(app(), first)).payment.price).toBe(size.price);
    } finally {
      await db().update(t.sizes).set({ priceCents: cents(size.price) }).where(eq(t.sizes.id, size.id));
    }
  });

  it('refuses a shown total that is not an amount', async () => {
    const { product } = sizeOf('Kaiserschmarrn');
    for (const shownTotal of ['abc', -1, 1e9, { a: 1 }, [1], '0x10']) {
      const errors = fieldErrors(await checkout(app(), payload([productLine(product)], { shownTotal })));
      expect(errors.shownTotal, JSON.stringify(shownTotal)).toBeDefined();
    }
  });
});
