/**
 * Decision 030: checkout prices from a cached catalog snapshot checked against the database's
 * catalog revision. A change by any writer is charged by the very next order, on every app
 * instance sharing the database; availability (sold out, pauses) and visibility stay exact.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../../src/shared/contract/staff';
import type { CatalogVersion } from '../../src/shared/contract/catalog';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { authHeaders } from './account-helpers';
import {
  type Catalog,
  call,
  cents,
  checkout,
  fieldErrors,
  openWithOwner,
  payload,
  placed,
  productLine,
  productNamed,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@snapshot.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

describe.each(backends())('catalog snapshot on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let token: string;

  beforeAll(async () => {
    ({ catalog, token } = await openWithOwner(app(), db(), OWNER));
  });

  const dish = () => productNamed(catalog, 'Kaiserschmarrn');
  const order = (overrides: Record<string, unknown> = {}) => checkout(app(), payload([productLine(dish())], overrides), { headers: EN });

  it('charges a price change on the very next order', async () => {
    const size = dish().sizes[0];
    if (!size) throw new Error('no size');
    // The first order builds the snapshot; the second must not be priced from it.
    const before = cents(placed(await order()).order.payment.cartTotal);
    await db().update(t.sizes).set({ priceCents: cents(size.price) + 70 }).where(eq(t.sizes.id, size.id));
    try {
      expect(cents(placed(await order()).order.payment.cartTotal)).toBe(before + 70);
    } finally {
      await db().update(t.sizes).set({ priceCents: cents(size.price) }).where(eq(t.sizes.id, size.id));
    }
    expect(cents(placed(await order()).order.payment.cartTotal)).toBe(before);
  });

  it('refuses a dish as soon as it is sold out, and takes it again as soon as it is back', async () => {
    placed(await order());
    const off = await call(app(), 'POST', '/api/staff/sold-out', { headers: authHeaders(token), payload: { item: 'product', id: dish().id, until: 'manual' } });
    expect(off.status, off.text).toBe(200);
    expect(Object.keys(fieldErrors(await order()))).toEqual(['items[0]']);
    await call(app(), 'DELETE', `/api/staff/sold-out/product/${dish().id}`, { headers: authHeaders(token) });
    placed(await order());
  });

  it('refuses an order due now while its channel is paused', async () => {
    const now = { deliverAt: 'now', deliverDate: null };
    placed(await order(now));
    const paused = await call<{ data: Availability }>(app(), 'POST', '/api/staff/pauses', { headers: authHeaders(token), payload: { scope: 'all', minutes: 15 } });
    expect(paused.status, paused.text).toBe(200);
    try {
      expect(Object.keys(fieldErrors(await order(now)))).toEqual(['deliverType']);
    } finally {
      for (const p of paused.body.data.pauses) await call(app(), 'DELETE', `/api/staff/pauses/${p.id}`, { headers: authHeaders(token) });
    }
    placed(await order(now));
  });

  it('refuses a hidden product, an archived one and one in a hidden category on the next order', async () => {
    const id = dish().id;
    const categoryId = dish().category.id;
    const refusedThenRestored = async (change: () => Promise<unknown>, undo: () => Promise<unknown>) => {
      placed(await order());
      await change();
      try {
        expect(fieldErrors(await order())['items[0]']?.[0]).toContain('Kaiserschmarrn');
      } finally {
        await undo();
      }
      placed(await order());
    };
    await refusedThenRestored(
      () => db().update(t.products).set({ active: false }).where(eq(t.products.id, id)),
      () => db().update(t.products).set({ active: true }).where(eq(t.products.id, id)),
    );
    await refusedThenRestored(
      () => db().update(t.products).set({ archivedAt: new Date() }).where(eq(t.products.id, id)),
      () => db().update(t.products).set({ archivedAt: null }).where(eq(t.products.id, id)),
    );
    await refusedThenRestored(
      () => db().update(t.categories).set({ active: false }).where(eq(t.categories.id, categoryId)),
      () => db().update(t.categories).set({ active: true }).where(eq(t.categories.id, categoryId)),
    );
  });

  it('answers menu reads from the snapshot, compressed when asked, and revalidates with the same ETag', async () => {
    const plain = await call(app(), 'GET', '/api/products/menus', { headers: EN });
    expect(plain.status).toBe(200);
    const etag = String(plain.headers.etag);
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
    const br = await app().inject({ method: 'GET', url: '/api/products/menus', headers: { ...EN, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.text);
    const refusedBr = await app().inject({ method: 'GET', url: '/api/products/menus', headers: { ...EN, 'accept-encoding': 'br;q=0, gzip' } });
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
    const again = await call(app(), 'GET', '/api/products/menus', { headers: { ...EN, 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it.runIf(backend === 'postgres')('charges a price changed through another app instance on the same database', async () => {
    const url = ctx().databaseUrl;
    if (!url) throw new Error('no database URL');
    const other = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const second = await buildApp({ db: other.db, listen: other.listen, orderLimits: { maxTotalCents: 1_000_000, scale: 1000 } });
    const size = dish().sizes[0];
    if (!size) throw new Error('no size');
    const version = async (instance: typeof second) =>
      (await call<{ data: CatalogVersion }>(instance, 'GET', '/api/products/version', { headers: EN })).body.data.version;
    try {
      // Both instances have built their snapshots.
      const total = async () => cents(placed(await checkout(second, payload([productLine(dish())]), { headers: EN })).order.payment.cartTotal);
      const usual = await total();
      placed(await order());
      const before = await version(second);
      const raised = cents(size.price) + 40;
      // The change goes through the first instance's pool; the second instance hears of it from nobody but the database.
      await db().update(t.sizes).set({ priceCents: raised }).where(eq(t.sizes.id, size.id));
      try {
        expect(await total()).toBe(usual + 40);
        expect(await version(second)).not.toBe(before);
      } finally {
        await db().update(t.sizes).set({ priceCents: cents(size.price) }).where(eq(t.sizes.id, size.id));
      }
      expect(await total()).toBe(usual);
    } finally {
      await second.close();
      await other.close();
    }
  });

});
