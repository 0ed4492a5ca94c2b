/**
 * Exactly-once orders: a device retries `POST /api/checkout/v2` with the same Idempotency-Key
 * (a lost answer, a double tap, an outbox flush after a dead spot) and gets the first answer
 * again, never a second order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../src/shared/contract/checkout';
import {
  type Catalog,
  checkout,
  fieldErrors,
  loadCatalog,
  menuLine,
  menuNamed,
  newKey,
  orderCount,
  payload,
  placed,
  productLine,
  productNamed,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

describe.each(backends())('checkout idempotency on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const order = () =>
    payload([productLine(productNamed(catalog, 'Pizza Margherita'), { qty: 2 }), menuLine(menuNamed(catalog, 'Burger meal'))], {
      notes: 'Bitte klingeln',
    });

  it('answers a repeated submission with the first answer and stores one order', async () => {
    const key = newKey();
    const body = order();
    const before = await orderCount(db());
    const first = await checkout(app(), body, { key });
    const created = placed(first);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await checkout(app(), body, { key });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await orderCount(db())).toBe(before + 1);

    // The same payload with its keys in another order is the same submission.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await checkout(app(), reordered, { key });
    expect(third.status).toBe(201);
    expect((third.body as { data: CheckoutResult }).data.order.code).toBe(created.order.code);
    expect(await orderCount(db())).toBe(before + 1);
  });

  it('refuses the same key with a different payload, in the request’s language', async () => {
    const key = newKey();
    const body = order();
    const first = placed(await checkout(app(), body, { key }));
    const before = await orderCount(db());

    const changed = await checkout(app(), { ...body, notes: 'Doch nicht klingeln' }, { key });
    expect(fieldErrors(changed)).toEqual({ idempotencyKey: ['Dieser Idempotency-Key gehört zu einer anderen Bestellung.'] });
    const tampered = await checkout(app(), { ...body, total: 0.01 }, { key, headers: { 'accept-language': 'en' } });
    expect(fieldErrors(tampered)).toEqual({ idempotencyKey: ['This Idempotency-Key belongs to a different order.'] });
    expect(await orderCount(db())).toBe(before);

    // The original submission still replays.
    const replay = await checkout(app(), body, { key });
    expect((replay.body as { data: CheckoutResult }).data.order.code).toBe(first.order.code);
  });

  it('places one order for 20 concurrent submissions with one key, and every answer names it', async () => {
    const key = newKey();
    const body = order();
    const before = await orderCount(db());
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(app(), body, { key })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const codes = new Set(answers.map((a) => (a.body as { data: CheckoutResult }).data.order.code));
    expect(codes.size).toBe(1);
    expect(await orderCount(db())).toBe(before + 1);
    // One of them did the work; the other 19 were replays of it.
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const keys = new Set(answers.map((a) => (a.body as { data: CheckoutResult }).data.accessKey));
    expect(keys.size).toBe(1);
  });

  it('keeps concurrent submissions with different keys apart', async () => {
    const before = await orderCount(db());
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(app(), order())));
    const codes = new Set(answers.map((a) => placed(a).order.code));
    expect(codes.size).toBe(8);
    expect(await orderCount(db())).toBe(before + 8);
  });

  it('frees a key whose first submission was refused, so the corrected order can use it', async () => {
    const key = newKey();
    const refused = await checkout(app(), { ...order(), terms: false }, { key });
    expect(fieldErrors(refused)).toHaveProperty('terms');
    const before = await orderCount(db());
    const corrected = await checkout(app(), order(), { key });
    placed(corrected);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount(db())).toBe(before + 1);
  });

  it('places a second order for the same cart under a new key', async () => {
    const body = order();
    const before = await orderCount(db());
    const a = placed(await checkout(app(), body));
    const b = placed(await checkout(app(), body));
    expect(a.order.code).not.toBe(b.order.code);
    expect(await orderCount(db())).toBe(before + 2);
  });
});
