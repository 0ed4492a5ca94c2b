import { describe, expect, it } from 'vitest';
import type {
  Area,
  Category,
  CategoryProductsMeta,
  Language,
  Menu,
  Page,
  Product,
  Setting,
  Tax,
  WorkingHours,
  WorkingHoursMeta,
} from '../../src/shared/contract/catalog';
import { WEEKDAYS } from '../../src/shared/contract/catalog';
import { SETTING_KEYS } from '../../src/shared/contract/settings';
import { backends, useTestApp } from './harness';

interface Reply<T, M = undefined> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: M extends undefined ? { data: T } : { data: T; meta: M };
}

for (const backend of backends()) {
  describe(`catalog API on ${backend}`, () => {
    const ctx = useTestApp(backend);

    async function get<T, M = undefined>(url: string, headers: Record<string, string> = {}): Promise<Reply<T, M>> {
      const res = await ctx().app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : null };
    }

    async function firstCategoryWithProducts(): Promise<{ category: Category; products: Product[] }> {
      const { body } = await get<Category[]>('/api/products/categories');
      const category = body.data.find((c) => c.productCount > 0);
      if (!category) throw new Error('no category with products');
      const list = await get<Product[], CategoryProductsMeta>(`/api/products/categories/${category.id}/products`);
      return { category, products: list.body.data };
    }

    async function allProducts(): Promise<Product[]> {
      const { body } = await get<Category[]>('/api/products/categories');
      const lists = await Promise.all(
        body.data.map((c) => get<Product[], CategoryProductsMeta>(`/api/products/categories/${c.id}/products`)),
      );
      return lists.flatMap((l) => l.body.data);
    }

    it('serves every setting key with the value fallback rules applied', async () => {
      const { status, body } = await get<Setting[]>('/api/settings');
      expect(status).toBe(200);
      const keys = body.data.map((s) => s.key);
      for (const key of SETTING_KEYS) expect(keys).toContain(key);
      const byKey = new Map(body.data.map((s) => [s.key, s]));
      // LOGO has no own value: it falls back to its poster image.
      const logo = byKey.get('LOGO');
      expect(logo?.poster?.url).toBeTruthy();
      expect(logo?.value).toBe(logo?.poster?.url);
      expect(byKey.get('BACKGROUND_IMAGE')?.value).toBe('');
      // Terms and privacy settings point at real pages.
      const pages = await get<Page[]>('/api/pages');
      const pageIds = pages.body.data.map((p) => p.id);
      expect(pageIds).toContain(byKey.get('TERMS_AND_CONDITIONS')?.value);
      expect(pageIds).toContain(byKey.get('PRIVACY_POLICY')?.value);
    });

    it('serves pages in the requested language with their placement flags', async () => {
      const de = await get<Page[]>('/api/pages', { 'accept-language': 'de' });
      const en = await get<Page[]>('/api/pages', { 'accept-language': 'en' });
      expect(de.body.data.length).toBeGreaterThanOrEqual(4);
      expect(de.body.data.some((p) => p.isPopup)).toBe(true);
      expect(de.body.data.filter((p) => p.onFooter).length).toBeGreaterThanOrEqual(3);
      expect(de.body.data.map((p) => p.id)).toEqual(en.body.data.map((p) => p.id));
      expect(de.body.data.map((p) => p.name)).not.toEqual(en.body.data.map((p) => p.name));
    });

    it('lists the twelve interface languages, each in its own name, and serves translations by lang', async () => {
      const { body } = await get<Language[]>('/api/languages');
      expect(body.data.map((l) => l.code)).toEqual(['de', 'en', 'nl', 'fr', 'ru', 'uk', 'fi', 'th', 'sr', 'tr', 'ar', 'ka']);
      expect(body.data.find((l) => l.code === 'ka')?.name).toBe('ქართული');
      expect(body.data.find((l) => l.code === 'ar')?.name).toBe('العربية');
      const tr = await get<Record<string, string>>('/api/translations?lang=de');
      expect(tr.status).toBe(200);
      // The demo restaurant keeps the built-in wording (decision 018); operator.test.ts sets some.
      expect(tr.body.data).toEqual({});
    });

    it('rejects a translations call without a usable lang with 422 field errors', async () => {
      for (const url of ['/api/translations', '/api/translations?lang=', '/api/translations?lang=%3Cscript%3E']) {
        const res = await get<unknown>(url);
        expect(res.status).toBe(422);
        const body = res.body as unknown as { message: string; data: Record<string, string[]> };
        expect(body.message).toBe('Validation Error');
        expect(body.data.lang?.[0]).toMatch(/lang/);
      }
    });

    it('lists categories with posters, galleries and German names by default', async () => {
      const { status, body } = await get<Category[]>('/api/products/categories');
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(6);
      expect(body.data.filter((c) => c.gallery.length === 8).length).toBeGreaterThanOrEqual(1);
      for (const c of body.data) {
        expect(c.hasPoster).toBe(c.poster !== null);
        if (c.poster) expect(c.poster.variants.circle).toBeTruthy();
      }
      const en = await get<Category[]>('/api/products/categories', { 'accept-language': 'en-GB,en;q=0.9' });
      expect(en.body.data.map((c) => c.id)).toEqual(body.data.map((c) => c.id));
      expect(en.body.data.map((c) => c.name)).not.toEqual(body.data.map((c) => c.name));
      // The demo menu is whole in every language: names, descriptions, options.
      for (const lang of ['nl', 'fr', 'ru', 'uk', 'fi', 'th', 'sr', 'tr', 'ar', 'ka']) {
        const other = await get<Category[]>('/api/products/categories', { 'accept-language': lang });
        const names = other.body.data.map((c) => c.name);
        expect(names.every((n) => n.trim()), lang).toBe(true);
        expect(names, lang).not.toEqual(body.data.map((c) => c.name));
        expect(names, lang).not.toEqual(en.body.data.map((c) => c.name));
      }
      const georgian = await get<Category[]>('/api/products/categories', { 'accept-language': 'ka' });
      expect(georgian.body.data.map((c) => c.name).join(' ')).toMatch(/[\u10D0-\u10FF]/);
    });

    it('lists a category’s products with meta.category.data', async () => {
      const { category } = await firstCategoryWithProducts();
      const res = await get<Product[], CategoryProductsMeta>(`/api/products/categories/${category.id}/products`);
      expect(res.status).toBe(200);
      expect(res.body.meta.category.data.id).toBe(category.id);
      expect(res.body.meta.category.data.name).toBe(category.name);
      expect(res.body.data.length).toBe(category.productCount);
      for (const p of res.body.data) expect(p.category.id).toBe(category.id);
    });

    it('covers every product case of the spec in the demo restaurant', async () => {
      const products = await allProducts();
      expect(products.length).toBeGreaterThanOrEqual(30);
      const single = products.filter((p) => p.sizes.length === 1);
      expect(single.length).toBeGreaterThan(0);
      // A lone size is nameless, so the storefront never shows 'Default Size'.
      for (const p of single) expect(p.sizes[0]?.name).toBe('');
      expect(products.some((p) => p.sizes.length >= 3)).toBe(true);
      expect(products.some((p) => p.variants.some((v) => v.type === 'select' && v.required))).toBe(true);
      expect(products.some((p) => p.variants.some((v) => v.type === 'checkbox' && v.options.some((o) => o.price > 0)))).toBe(
        true,
      );
      const nested = products.flatMap((p) => p.variants.flatMap((v) => v.options)).filter((o) => o.hasChild);
      expect(nested.length).toBeGreaterThan(0);
      expect(nested[0]?.children.length).toBeGreaterThan(0);
      // Extras priced per size: one price per size, not all equal.
      const perSize = products.find((p) => p.sizes.length > 1 && p.extras.length > 0);
      expect(perSize).toBeDefined();
      const extra = perSize?.extras[0];
      expect(extra?.prices.map((x) => x.sizeId).sort()).toEqual(perSize?.sizes.map((s) => s.id).sort());
      expect(new Set(extra?.prices.map((x) => x.price)).size).toBeGreaterThan(1);
      expect(products.some((p) => p.allergens.length > 0)).toBe(true);
      expect(products.some((p) => p.additives.length > 0)).toBe(true);
      expect(products.some((p) => !p.hasPoster && p.poster === null)).toBe(true);
      const allergenCodes = new Set(products.flatMap((p) => p.allergens.map((a) => a.code)));
      expect(allergenCodes.size).toBeGreaterThanOrEqual(6);
      for (const a of products.flatMap((p) => p.allergens)) expect(a.description).not.toBe('');
    });

    it('serves one product through its category and 404s it through another', async () => {
      const { body } = await get<Category[]>('/api/products/categories');
      const [a, b] = body.data;
      if (!a || !b) throw new Error('need two categories');
      const list = await get<Product[], CategoryProductsMeta>(`/api/products/categories/${a.id}/products`);
      const product = list.body.data[0];
      if (!product) throw new Error('empty category');
      const ok = await get<Product>(`/api/products/categories/${a.id}/products/${product.id}`);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual(product);
      const wrong = await get<Product>(`/api/products/categories/${b.id}/products/${product.id}`);
      expect(wrong.status).toBe(404);
      expect((wrong.body as unknown as { message: string }).message).toMatch(/gibt es nicht/);
    });

    it('serves combo menus with a discount and one size per slot candidate', async () => {
      const { status, body } = await get<Menu[]>('/api/products/menus');
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(2);
      expect(body.data.some((m) => m.discount > 0)).toBe(true);
      for (const menu of body.data) {
        expect(menu.items.length).toBeGreaterThan(0);
        for (const slot of menu.items) {
          expect(slot.products.length).toBeGreaterThan(0);
          for (const candidate of slot.products) {
            expect(candidate.sizes).toHaveLength(1);
            for (const e of candidate.extras) expect(e.prices.every((p) => p.sizeId === candidate.sizes[0]?.id)).toBe(true);
          }
        }
      }
      const first = body.data[0];
      const one = await get<Menu>(`/api/products/menus/${first?.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(first);
    });

    it('answers unknown ids with a JSON 404 and malformed ids with 422, never 500', async () => {
      const notFound = [
        '/api/products/menus/999999',
        '/api/products/categories/999999/products',
        '/api/products/categories/1/products/999999',
      ];
      for (const url of notFound) {
        const res = await get<unknown>(url);
        expect(res.status, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/json/);
        expect((res.body as unknown as { message: string }).message).toMatch(/gibt es nicht/);
      }
      const malformed = [
        '/api/products/menus/abc',
        '/api/products/menus/0',
        '/api/products/menus/-3',
        '/api/products/menus/1.5',
        '/api/products/menus/99999999999999999999',
        '/api/products/menus/2147483648',
        '/api/products/categories/x/products',
        '/api/products/categories/1/products/%27%20or%201=1',
      ];
      for (const url of malformed) {
        const res = await get<unknown>(url);
        expect(res.status, url).toBe(422);
        const body = res.body as unknown as { message: string; data: Record<string, string[]> };
        expect(Object.keys(body.data).length, url).toBeGreaterThan(0);
      }
    });

    it('answers unknown API paths with JSON 404, never the app shell', async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    });

    it('serves working hours per weekday with opening meta', async () => {
      const res = await get<WorkingHours, WorkingHoursMeta>('/api/working-hours');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual([...WEEKDAYS]);
      expect(res.body.data.tuesday.length).toBeGreaterThan(0);
      expect(res.body.meta.isActive).toBe(true);
      expect(typeof res.body.meta.isOpenNow).toBe('boolean');
      expect(new Date(res.body.meta.nextOpen ?? '').getTime()).toBeGreaterThan(Date.now());
    });

    it('serves German VAT, three delivery areas, and no branches on a single restaurant', async () => {
      const taxes = await get<Tax[]>('/api/taxes');
      expect(taxes.body.data.map((t) => t.amount).sort((a, b) => a - b)).toEqual([7, 19]);
      expect(taxes.body.data.every((t) => t.inclusive)).toBe(true);
      const areas = await get<Area[]>('/api/areas');
      expect(areas.body.data).toHaveLength(3);
      for (const a of areas.body.data) {
        expect(a.minimumOrder).toBeGreaterThan(0);
        expect(a.deliveryPrice).toBeGreaterThan(0);
        expect(a.freeDeliveryThreshold).toBeGreaterThan(a.minimumOrder);
      }
      // Branches are configuration (BRANCHES), not seed data: none unless the operator lists them (decision 017).
      const branches = await ctx().app.inject({ method: 'GET', url: '/api/branches' });
      expect(branches.statusCode).toBe(200);
      expect(branches.json()).toEqual({ data: [], meta: { hub: null, self: null } });
    });

    it('tags catalog answers with an ETag, answers 304 to it, and varies by language', async () => {
      for (const url of ['/api/settings', '/api/products/categories', '/api/products/menus', '/api/pages', '/api/taxes']) {
        const first = await ctx().app.inject({ method: 'GET', url });
        const etag = first.headers.etag;
        expect(typeof etag, url).toBe('string');
        expect(first.headers['cache-control']).toBe('no-cache');
        expect(String(first.headers.vary)).toMatch(/accept-language/i);
        const again = await ctx().app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe('');
        const stale = await ctx().app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"old"' } });
        expect(stale.statusCode).toBe(200);
      }
      const de = await ctx().app.inject({ method: 'GET', url: '/api/products/categories', headers: { 'accept-language': 'de' } });
      const en = await ctx().app.inject({ method: 'GET', url: '/api/products/categories', headers: { 'accept-language': 'en' } });
      expect(de.headers.etag).not.toBe(en.headers.etag);
    });
  });
}
