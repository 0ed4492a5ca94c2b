/**
 * SEED=none: a first start on an empty database puts in only the base data (languages, VAT
 * classes, the EU allergens and German additives, settings that let the storefront render) and
 * every storefront call answers 200 with an empty menu rather than an error.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseRestaurant } from '../../src/server/db/seed/data/base';
import { seedIfEmpty } from '../../src/server/db/seed/seed';
import * as t from '../../src/server/db/schema';
import { SETTING_KEYS } from '../../src/shared/contract/settings';
import { call } from './checkout-helpers';
import { backends, openTestApp, type TestApp } from './harness';

describe.each(backends())('an empty restaurant (SEED=none) on %s', (backend) => {
  let ctx: (TestApp & { dispose(): Promise<void> }) | undefined;
  const app = () => {
    if (!ctx) throw new Error('not ready');
    return ctx.app;
  };
  beforeAll(async () => {
    ctx = await openTestApp(backend, { seed: false });
    expect(await seedIfEmpty(ctx.database.db, baseRestaurant)).toBe(true);
  });
  afterAll(async () => {
    await ctx?.dispose();
  });

  it('holds the base data and no menu, areas, tables or hours', async () => {
    const db = ctx!.database.db;
    const n = async (table: Parameters<ReturnType<typeof db.select>['from']>[0]) => (await db.select({ n: count() }).from(table))[0]?.n;
    expect(await n(t.languages)).toBe(2);
    expect(await n(t.taxes)).toBe(2);
    expect(await n(t.declarations)).toBe(baseRestaurant.allergens.length + baseRestaurant.additives.length);
    expect(baseRestaurant.allergens).toHaveLength(14);
    for (const table of [t.categories, t.products, t.menus, t.areas, t.diningTables, t.workingHours, t.pages]) expect(await n(table)).toBe(0);
    // Seeding twice never happens: the settings are there now.
    expect(await seedIfEmpty(db, baseRestaurant)).toBe(false);
  });

  it('answers every storefront call with 200, a placeholder name and ordering off', async () => {
    for (const url of ['/api/settings', '/api/products/categories', '/api/products/menus', '/api/products/version', '/api/working-hours', '/api/areas', '/api/pages', '/api/languages', '/api/taxes', '/api/translations?lang=de', '/api/branches', '/api/checkout/payment-providers']) {
      const res = await call(app(), 'GET', url);
      expect(res.status, `${url}: ${res.text}`).toBe(200);
    }
    const settings = await call<{ data: { key: string; value: unknown }[] }>(app(), 'GET', '/api/settings');
    const map = Object.fromEntries(settings.body.data.map((s) => [s.key, s.value]));
    for (const key of SETTING_KEYS) expect(Object.keys(map)).toContain(key);
    expect(map.SITE_TITLE).toBe('Mein Restaurant');
    for (const key of ['ALLOW_DELIVERY', 'ALLOW_TAKEAWAY', 'ALLOW_CURBSIDE', 'RESERVATION_ENABLED']) expect(map[key], key).toBe('');
    const categories = await call<{ data: unknown[] }>(app(), 'GET', '/api/products/categories');
    expect(categories.body.data).toEqual([]);
  });
});
