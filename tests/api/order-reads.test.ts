/**
 * An order reads the catalog revision, the answer stored under its Idempotency-Key and the live
 * pauses and sold-out switches in one statement, and counts its flood limits in one statement
 * (src/server/orders/order-reads.ts, src/server/auth/rate-limit.ts). What each used to do alone
 * must still hold: a switch made by any writer is refused by the very next order, a retry is
 * answered with the stored order whatever changed since, and each limit keeps its own window.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { countAll } from '../../src/server/auth/rate-limit';
import { openDatabase } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { authHeaders } from './account-helpers';
import { type Catalog, call, checkout, fieldErrors, newKey, openWithOwner, payload, placed, productLine, productNamed } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@order-reads.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

describe.each(backends())('what an order reads on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let token: string;

  beforeAll(async () => {
    ({ catalog, token } = await openWithOwner(app(), db(), OWNER));
  });

  const dish = () => productNamed(catalog, 'Kaiserschmarrn');
  const now = { deliverAt: 'now', deliverDate: null };
  const body = (overrides: Record<string, unknown> = {}) => payload([productLine(dish())], overrides);

  it('refuses a dish sold out by a write straight into the database, and a channel paused the same way', async () => {
    placed(await checkout(app(), body(), { headers: EN }));
    const [row] = await db().insert(t.soldOut).values({ itemType: 'product', itemId: dish().id, endsAt: null }).returning({ id: t.soldOut.id });
    try {
      expect(fieldErrors(await checkout(app(), body(), { headers: EN }))).toEqual({
        'items[0]': ['Sold out: Kaiserschmarrn. Please remove it from your cart or choose something else.'],
      });
    } finally {
      await db().update(t.soldOut).set({ endedAt: new Date() }).where(eq(t.soldOut.id, row?.id ?? -1));
    }
    placed(await checkout(app(), body(), { headers: EN }));

    const [pause] = await db()
      .insert(t.pauses)
      .values({ kind: 'pause', scope: 'pickup', endsAt: new Date(Date.now() + 15 * 60_000) })
      .returning({ id: t.pauses.id });
    try {
      expect(Object.keys(fieldErrors(await checkout(app(), body(now), { headers: EN })))).toEqual(['deliverType']);
      // A pre-order due after the pause ends goes through.
      placed(await checkout(app(), body(), { headers: EN }));
    } finally {
      await db().update(t.pauses).set({ endedAt: new Date() }).where(eq(t.pauses.id, pause?.id ?? -1));
    }
    placed(await checkout(app(), body(now), { headers: EN }));
  });

  it('answers a retry with the stored order even once the dish is sold out, and refuses the key for another order', async () => {
    const key = newKey();
    const first = placed(await checkout(app(), body(), { key, headers: EN }));
    const [row] = await db().insert(t.soldOut).values({ itemType: 'product', itemId: dish().id, endsAt: null }).returning({ id: t.soldOut.id });
    try {
      const retry = await checkout(app(), body(), { key, headers: EN });
      expect(retry.status, retry.text).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect((retry.body as { data: typeof first }).data.order.code).toBe(first.order.code);
    } finally {
      await db().update(t.soldOut).set({ endedAt: new Date() }).where(eq(t.soldOut.id, row?.id ?? -1));
    }
    expect(Object.keys(fieldErrors(await checkout(app(), body({ notes: 'another order' }), { key, headers: EN })))).toEqual(['idempotencyKey']);
  });

  it('counts several limits in one statement, each in its own window', async () => {
    const hour = { limit: 5, windowSeconds: 3600 };
    const day = { limit: 15, windowSeconds: 86_400 };
    const keys = [`reads:h:${backend}`, `reads:d:${backend}`] as const;
    expect(await countAll(db(), [[keys[0], hour], [keys[1], day]])).toEqual([
      { count: 1, retryAfterSeconds: expect.any(Number) as number },
      { count: 1, retryAfterSeconds: expect.any(Number) as number },
    ]);
    await countAll(db(), [[keys[1], day], [keys[0], hour]]);
    // Two hours later: the hour's window is over, the day's is not.
    await db()
      .update(t.rateLimits)
      .set({ windowStart: sql`${t.rateLimits.windowStart} - interval '2 hours'` })
      .where(sql`${t.rateLimits.key} in (${keys[0]}, ${keys[1]})`);
    const [h, d] = await countAll(db(), [[keys[0], hour], [keys[1], day]]);
    expect(h?.count).toBe(1);
    expect(h?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(d?.count).toBe(3);
    expect(d?.retryAfterSeconds).toBeLessThan(86_400 - 7000);
  });

  it.runIf(backend === 'postgres')('refuses at once a dish sold out and a channel paused through another app instance', async () => {
    const url = ctx().databaseUrl;
    if (!url) throw new Error('no database URL');
    const other = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const second = await buildApp({ db: other.db, listen: other.listen, orderLimits: { maxTotalCents: 1_000_000, scale: 1000 } });
    const staff = { headers: authHeaders(token) };
    try {
      // Both instances have taken orders, so both have read everything there is to cache.
      placed(await checkout(app(), body(now), { headers: EN }));
      placed(await checkout(second, body(now), { headers: EN }));
      const off = await call(second, 'POST', '/api/staff/sold-out', { ...staff, payload: { item: 'product', id: dish().id, until: 'manual' } });
      expect(off.status, off.text).toBe(200);
      expect(Object.keys(fieldErrors(await checkout(app(), body(), { headers: EN })))).toEqual(['items[0]']);
      await call(second, 'DELETE', `/api/staff/sold-out/product/${dish().id}`, staff);
      placed(await checkout(app(), body(), { headers: EN }));

      const paused = await call<{ data: { pauses: { id: number }[] } }>(second, 'POST', '/api/staff/pauses', { ...staff, payload: { scope: 'all', minutes: 15 } });
      expect(paused.status, paused.text).toBe(200);
      try {
        expect(Object.keys(fieldErrors(await checkout(app(), body(now), { headers: EN })))).toEqual(['deliverType']);
      } finally {
        for (const p of paused.body.data.pauses) await call(second, 'DELETE', `/api/staff/pauses/${p.id}`, staff);
      }
      placed(await checkout(app(), body(now), { headers: EN }));
    } finally {
      await second.close();
      await other.close();
    }
  });
});
