/**
 * Decision 033: menu GETs and the first-screen data inlined into every page are kept per catalog
 * revision (on PGlite the revision itself is kept in memory until the database notifies a change).
 * A change by any writer (here straight through the database, as psql or an import would) must
 * show in the very next GET and the very next page, in every block the page carries, and on
 * PostgreSQL in another app instance sharing the database too.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area, Category, Language, Page, Product } from '../../src/shared/contract/catalog';
import type { FirstScreen } from '../../src/shared/contract/first-screen';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { backends, useTestApp } from './harness';
import { firstScreenIn, shellClientDir } from './page-helpers';

const EN = { 'accept-language': 'en' };

async function firstScreen(app: FastifyInstance, url: string): Promise<FirstScreen> {
  const page = await app.inject({ method: 'GET', url, cookies: { lang: 'en' } });
  expect(page.statusCode).toBe(200);
  return firstScreenIn(page.body, url);
}

async function get<T>(app: FastifyInstance, path: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: EN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe.each(backends())('cached catalog reads on %s', (backend) => {
  const ctx = useTestApp(backend);
  const db = () => ctx().database.db;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The harness's app follows the database's commits; this one serves the pages on the same handle.
    app = await buildApp({ db: db(), clientDir: shellClientDir() });
  });
  afterAll(async () => {
    await app.close();
  });

  it("shows a price change in the next GET and the next page's inlined dishes, then the old price again", async () => {
    const categories = (await get<{ data: Category[] }>(app, '/products/categories')).data;
    const first = categories[0];
    if (!first) throw new Error('no category');
    const path = `/products/categories/${first.id}/products`;
    const dish = (await get<{ data: Product[] }>(app, path)).data[0];
    const size = dish?.sizes[0];
    if (!dish || !size) throw new Error('no dish');
    const cents = Math.round(size.price * 100);
    const inlinedPrice = async () => {
      const answer = (await firstScreen(app, '/')).answers[path] as { data: Product[] } | undefined;
      return answer?.data.find((p) => p.id === dish.id)?.sizes.find((s) => s.id === size.id)?.price;
    };
    const servedPrice = async () => (await get<{ data: Product[] }>(app, path)).data.find((p) => p.id === dish.id)?.sizes.find((s) => s.id === size.id)?.price;
    // Both are cached now.
    expect(await inlinedPrice()).toBe(size.price);
    expect(await servedPrice()).toBe(size.price);

    await db().update(t.sizes).set({ priceCents: cents + 30 }).where(eq(t.sizes.id, size.id));
    try {
      expect(await servedPrice()).toBe((cents + 30) / 100);
      expect(await inlinedPrice()).toBe((cents + 30) / 100);
    } finally {
      await db().update(t.sizes).set({ priceCents: cents }).where(eq(t.sizes.id, size.id));
    }
    expect(await inlinedPrice()).toBe(size.price);
    expect(await servedPrice()).toBe(size.price);
  });

  it('shows a hidden category, a changed page, language and settings in the next page', async () => {
    const before = await firstScreen(app, '/');
    const categories = (before.answers['/products/categories'] as { data: Category[] }).data;
    const hidden = categories[0];
    if (!hidden) throw new Error('no category');
    await db().update(t.categories).set({ active: false }).where(eq(t.categories.id, hidden.id));
    try {
      const after = await firstScreen(app, '/');
      expect((after.answers['/products/categories'] as { data: Category[] }).data.map((c) => c.id)).not.toContain(hidden.id);
      // The first dishes follow the new first category.
      expect(after.answers[`/products/categories/${hidden.id}/products`]).toBeUndefined();
      expect(after.answers).toEqual(expect.objectContaining({ '/products/categories': await get(app, '/products/categories') }));
    } finally {
      await db().update(t.categories).set({ active: true }).where(eq(t.categories.id, hidden.id));
    }

    const [page] = await db().select().from(t.pages).limit(1);
    if (!page) throw new Error('no page');
    await db().update(t.pages).set({ name: { ...page.name, en: 'Renamed page' } }).where(eq(t.pages.id, page.id));
    const [language] = await db().select().from(t.languages).limit(1);
    if (!language) throw new Error('no language');
    await db().update(t.languages).set({ name: 'Renamed language' }).where(eq(t.languages.code, language.code));
    const [title] = await db().select().from(t.settings).where(eq(t.settings.key, 'SITE_TITLE'));
    await db().update(t.settings).set({ value: 'Renamed restaurant' }).where(eq(t.settings.key, 'SITE_TITLE'));
    try {
      const after = await firstScreen(app, '/');
      expect((after.answers['/pages'] as { data: Page[] }).data.find((p) => p.id === page.id)?.name).toBe('Renamed page');
      expect((after.answers['/languages'] as { data: Language[] }).data.find((l) => l.code === language.code)?.name).toBe('Renamed language');
      expect(JSON.stringify(after.answers['/settings'])).toContain('Renamed restaurant');
      expect((await app.inject({ method: 'GET', url: '/', cookies: { lang: 'en' } })).body).toContain('<title>Renamed restaurant</title>');
    } finally {
      await db().update(t.pages).set({ name: page.name }).where(eq(t.pages.id, page.id));
      await db().update(t.languages).set({ name: language.name }).where(eq(t.languages.code, language.code));
      await db().update(t.settings).set({ value: title?.value ?? null }).where(eq(t.settings.key, 'SITE_TITLE'));
    }
    expect(await firstScreen(app, '/')).toEqual(before);
  });

  it("shows a changed delivery area in the checkout's next page", async () => {
    const areas = (await firstScreen(app, '/checkout')).answers['/areas'] as { data: Area[] };
    const area = areas.data[0];
    if (!area) throw new Error('no area');
    await db().update(t.areas).set({ minimumOrderCents: Math.round(area.minimumOrder * 100) + 100 }).where(eq(t.areas.id, area.id));
    try {
      const after = (await firstScreen(app, '/checkout')).answers['/areas'] as { data: Area[] };
      expect(after.data.find((a) => a.id === area.id)?.minimumOrder).toBe(area.minimumOrder + 1);
      expect(after).toEqual(await get(app, '/areas'));
    } finally {
      await db().update(t.areas).set({ minimumOrderCents: Math.round(area.minimumOrder * 100) }).where(eq(t.areas.id, area.id));
    }
  });

  it('inlines a linked category, and treats one not on the menu as no category', async () => {
    const categories = (await get<{ data: Category[] }>(app, '/products/categories')).data;
    const second = categories[1];
    if (!second) throw new Error('no second category');
    const linked = await firstScreen(app, `/?category=${second.id}`);
    expect(linked.answers[`/products/categories/${second.id}/products`]).toEqual(await get(app, `/products/categories/${second.id}/products`));
    const unknown = await firstScreen(app, '/?category=987654');
    expect(unknown).toEqual(await firstScreen(app, '/'));
  });

  it.runIf(backend === 'postgres')('shows a change made through another instance in the next GET and page of this one', async () => {
    const url = ctx().databaseUrl;
    if (!url) throw new Error('no database URL');
    const other = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const second = await buildApp({ db: other.db, listen: other.listen, databaseKind: other.kind, clientDir: shellClientDir() });
    try {
      const categories = (await get<{ data: Category[] }>(second, '/products/categories')).data;
      const first = categories[0];
      if (!first) throw new Error('no category');
      const path = `/products/categories/${first.id}/products`;
      const dish = (await get<{ data: Product[] }>(second, path)).data[0];
      const size = dish?.sizes[0];
      if (!dish || !size) throw new Error('no dish');
      expect(Object.keys((await firstScreen(second, '/')).answers)).toContain(path);
      const cents = Math.round(size.price * 100);
      // Through the first instance's pool: the second hears of it from nobody but the database.
      await db().update(t.sizes).set({ priceCents: cents + 20 }).where(eq(t.sizes.id, size.id));
      try {
        const price = (body: unknown) => (body as { data: Product[] }).data.find((p) => p.id === dish.id)?.sizes.find((s) => s.id === size.id)?.price;
        expect(price(await get(second, path))).toBe((cents + 20) / 100);
        expect(price((await firstScreen(second, '/')).answers[path])).toBe((cents + 20) / 100);
      } finally {
        await db().update(t.sizes).set({ priceCents: cents }).where(eq(t.sizes.id, size.id));
      }
    } finally {
      await second.close();
      await other.close();
    }
  });
});
