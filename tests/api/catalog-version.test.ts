import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogVersion, Category, CategoryProductsMeta, Product } from '../../src/shared/contract/catalog';
import * as t from '../../src/server/db/schema';
import { backends, useTestApp } from './harness';

for (const backend of backends()) {
  describe(`catalog version on ${backend}`, () => {
    const ctx = useTestApp(backend);
    const db = () => ctx().database.db;

    async function version(lang = 'de'): Promise<string> {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/products/version', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(200);
      return (JSON.parse(res.body) as { data: CatalogVersion }).data.version;
    }

    async function someProduct(): Promise<Product> {
      const categories = JSON.parse((await ctx().app.inject({ method: 'GET', url: '/api/products/categories' })).body) as { data: Category[] };
      const withProducts = categories.data.find((c) => c.productCount > 0);
      const list = JSON.parse(
        (await ctx().app.inject({ method: 'GET', url: `/api/products/categories/${withProducts?.id ?? 0}/products` })).body,
      ) as { data: Product[]; meta: CategoryProductsMeta };
      const product = list.data[0];
      if (!product) throw new Error('no product');
      return product;
    }

    it('stays the same while nothing changes, and differs per language', async () => {
      const de = await version('de');
      expect(de).toMatch(/^[\w-]{20,}$/);
      expect(await version('de')).toBe(de);
      expect(await version('en')).not.toBe(de);
    });

    it('changes when a dish\'s price changes, and again when it is switched off; back to the old one when undone', async () => {
      const before = await version();
      const product = await someProduct();
      const size = product.sizes[0];
      if (!size) throw new Error('no size');
      const cents = Math.round(size.price * 100);

      await db().update(t.sizes).set({ priceCents: cents + 50 }).where(eq(t.sizes.id, size.id));
      const repriced = await version();
      expect(repriced).not.toBe(before);

      await db().update(t.products).set({ active: false }).where(eq(t.products.id, product.id));
      const switchedOff = await version();
      expect(switchedOff).not.toBe(repriced);
      expect(switchedOff).not.toBe(before);

      await db().update(t.products).set({ active: true }).where(eq(t.products.id, product.id));
      await db().update(t.sizes).set({ priceCents: cents }).where(eq(t.sizes.id, size.id));
      expect(await version()).toBe(before);
    });

    it('changes when a combo menu changes', async () => {
      const before = await version();
      const [first] = await db().select().from(t.menus).limit(1);
      if (!first) throw new Error('no menu');
      await db().update(t.menus).set({ discount: first.discount + 1 }).where(eq(t.menus.id, first.id));
      expect(await version()).not.toBe(before);
      await db().update(t.menus).set({ discount: first.discount }).where(eq(t.menus.id, first.id));
      expect(await version()).toBe(before);
    });

    it('answers 304 to its own ETag, so asking on every visit costs no body', async () => {
      const first = await ctx().app.inject({ method: 'GET', url: '/api/products/version' });
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await ctx().app.inject({ method: 'GET', url: '/api/products/version', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });
  });
}
