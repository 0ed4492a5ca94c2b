import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import * as t from '../../src/server/db/schema';
import { restaurant } from '../../src/server/db/seed/data';
import { seedIfEmpty } from '../../src/server/db/seed/seed';
import { KEPT_PAGE_HEADER } from '../../src/shared/offline-page';
import { ALL_WEEK, XSRF_HEADERS, berlinClock, withWorkingHours } from './checkout-helpers';
import { shellClientDir } from './page-helpers';
import { backends, openTestApp } from './harness';

for (const backend of backends()) {
  describe(`seeding and the app shell on ${backend}`, () => {
    let ctx: Awaited<ReturnType<typeof openTestApp>>;
    beforeAll(async () => {
      ctx = await openTestApp(backend, { seed: false });
    });
    afterAll(async () => {
      await ctx.dispose();
    });

    it('seeds an empty database once, and a second run changes nothing', async () => {
      const db = ctx.database.db;
      expect(await seedIfEmpty(db, restaurant)).toBe(true);
      const before = await Promise.all([t.products, t.categories, t.menus, t.settings, t.diningTables].map((tb) => db.select({ n: count() }).from(tb)));
      expect(await seedIfEmpty(db, restaurant)).toBe(false);
      const after = await Promise.all([t.products, t.categories, t.menus, t.settings, t.diningTables].map((tb) => db.select({ n: count() }).from(tb)));
      expect(after).toEqual(before);
      expect(before[0]?.[0]?.n).toBeGreaterThanOrEqual(30);
      expect(before[4]?.[0]?.n).toBeGreaterThan(0);
    });

    it("writes the first route's catalog answers into the page, the API's own bodies in the page's language (decision 028)", async () => {
      await seedIfEmpty(ctx.database.db, restaurant);
      const app = await buildApp({ db: ctx.database.db, clientDir: shellClientDir() });
      try {
        const page = await app.inject({ method: 'GET', url: '/', cookies: { lang: 'en' } });
        const json = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(page.body)?.[1];
        expect(json).toBeDefined();
        const screen = JSON.parse(json ?? '{}') as { lang: string; answers: Record<string, unknown>; catalogVersion?: string };
        expect(screen.lang).toBe('en');
        // The version a device compares its kept menu with (decision 038), the API's own in the page's language.
        const version = (await app.inject({ method: 'GET', url: '/api/products/version', headers: { 'accept-language': 'en' } })).json<{ data: { version: string } }>();
        expect(screen.catalogVersion).toBe(version.data.version);
        const categories = (await app.inject({ method: 'GET', url: '/api/products/categories', headers: { 'accept-language': 'en' } })).json<{ data: { id: number }[] }>();
        expect(screen.answers['/products/categories']).toEqual(categories);
        const first = `/products/categories/${categories.data[0]?.id}/products`;
        expect(screen.answers[first]).toEqual((await app.inject({ method: 'GET', url: `/api${first}`, headers: { 'accept-language': 'en' } })).json());
        expect(Object.keys(screen.answers)).toEqual(expect.arrayContaining(['/settings', '/pages', '/languages', '/working-hours', '/products/menus']));
        // The checkout's own: areas, taxes and the ways to pay, no menu.
        const checkout = await app.inject({ method: 'GET', url: '/checkout' });
        expect(checkout.body).toContain('"/checkout/payment-providers"');
        expect(checkout.body).not.toContain('"/products/menus"');
        // The worker's precached copy is kept for weeks: it carries no catalog.
        expect((await app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain('first-screen');
      } finally {
        await app.close();
      }
    });

    it('greets a session on the home page with the closed notice in the HTML, once, in the page\'s language (decision 044)', async () => {
      await seedIfEmpty(ctx.database.db, restaurant);
      const dir = mkdtempSync(join(tmpdir(), 'client-'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body><div id="root"><div class="shell"></div></div></body></html>');
      const app = await buildApp({ db: ctx.database.db, clientDir: dir });
      const tomorrow = new Date(Date.now() + 86_400_000);
      const weekday = (locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'Europe/Berlin' }).format(tomorrow);
      const toast = /<div id="root"><div class="toasts" aria-hidden="true">.*?<strong>([^<]*)<\/strong><p>([^<]*)<\/p>/;
      try {
        // Closed today, open all of tomorrow (Berlin time).
        await withWorkingHours(ctx.database.db, [{ weekday: berlinClock(tomorrow).weekday, start: '00:00', end: '00:00' }], async () => {
          const first = await app.inject({ method: 'GET', url: '/?table=T01', cookies: { lang: 'de' } });
          const [, title, body] = toast.exec(first.body) ?? [];
          expect(title).toBe('Wir haben geschlossen');
          expect(body).toContain(`frühestens für ${weekday('de-DE')}, 00:00`);
          const cookie = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('closed-notice-seen='));
          expect(cookie).toMatch(/^closed-notice-seen=1; Path=\/; HttpOnly; SameSite=Lax$/);
          // Once per session: the next page of the same session has none, nor has another page than the menu.
          expect((await app.inject({ method: 'GET', url: '/', cookies: { lang: 'de', 'closed-notice-seen': '1' } })).body).not.toContain('class="toasts"');
          expect((await app.inject({ method: 'GET', url: '/checkout', cookies: { lang: 'de' } })).body).not.toContain('class="toasts"');
          // The worker's copy for an offline start (decision 050): the plain menu, and the session's cookies untouched.
          const kept = await app.inject({ method: 'GET', url: '/', cookies: { lang: 'de' }, headers: { [KEPT_PAGE_HEADER]: '1' } });
          expect(kept.statusCode).toBe(200);
          expect(kept.body).not.toContain('class="toasts"');
          expect(kept.headers['set-cookie']).toBeUndefined();
          const english = toast.exec((await app.inject({ method: 'GET', url: '/', cookies: { lang: 'en' } })).body) ?? [];
          expect(english[1]).toBe('We are closed');
          expect(english[2]).toContain(`the earliest date is ${weekday('en-GB')}`);
        });
        // Open: no notice, and the session is not marked as greeted.
        await withWorkingHours(ctx.database.db, ALL_WEEK, async () => {
          const open = await app.inject({ method: 'GET', url: '/', cookies: { lang: 'de' } });
          expect(open.body).not.toContain('class="toasts"');
          expect([open.headers['set-cookie']].flat().some((c) => c?.startsWith('closed-notice-seen='))).toBe(false);
        });
      } finally {
        await app.close();
      }
    });

    it('serves the built client with an index.html fallback for client routes only', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'client-'));
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
      writeFileSync(join(dir, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
      const app = await buildApp({ db: ctx.database.db, clientDir: dir });
      try {
        const route = await app.inject({ method: 'GET', url: '/checkout?x=1' });
        expect(route.statusCode).toBe(200);
        // The page carries the restaurant's name from its settings, not the file's.
        expect(route.body).toContain('<title>Gasthaus Lindenhof</title>');
        const asset = await app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
        expect(asset.headers['cache-control']).toContain('immutable');
        const missingFile = await app.inject({ method: 'GET', url: '/assets/missing.js' });
        expect(missingFile.statusCode).toBe(404);
        const api = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
        expect(api.statusCode).toBe(404);
        expect(api.headers['content-type']).toMatch(/json/);
        const post = await app.inject({ method: 'POST', url: '/api/products/categories', payload: {}, headers: XSRF_HEADERS });
        expect(post.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });

    it('names the restaurant in the first paint, escaped, on every storefront address, and follows a renamed restaurant', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'client-'));
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><title>Build name</title><div id="root"><span class="shell__name" data-shell-name>Build name</span></div>',
      );
      writeFileSync(join(dir, 'staff.html'), '<!doctype html><title>Staff</title>');
      const app = await buildApp({ db: ctx.database.db, clientDir: dir });
      try {
        for (const url of ['/', '/index.html', '/orders/ABC?key=1']) {
          const page = await app.inject({ method: 'GET', url });
          expect(page.statusCode).toBe(200);
          expect(page.headers['content-type']).toMatch(/text\/html/);
          expect(page.body).toContain('<title>Gasthaus Lindenhof</title>');
          expect(page.body).toContain('data-shell-name>Gasthaus Lindenhof</span>');
        }
        expect((await app.inject({ method: 'GET', url: '/staff/board' })).body).toContain('<title>Staff</title>');

        await ctx.database.db.update(t.settings).set({ value: '<script>alert(1)</script> Müller & Söhne $& $1' }).where(eq(t.settings.key, 'SITE_TITLE'));
        const renamed = await app.inject({ method: 'GET', url: '/' });
        expect(renamed.body).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62; Müller &#38; Söhne $&#38; $1</title>');
        expect(renamed.body).toContain('data-shell-name>&#60;script&#62;alert(1)&#60;/script&#62; Müller &#38; Söhne $&#38; $1</span>');
        expect(renamed.body).not.toContain('<script>alert(1)');
      } finally {
        await ctx.database.db.update(t.settings).set({ value: 'Gasthaus Lindenhof' }).where(eq(t.settings.key, 'SITE_TITLE'));
        await app.close();
      }
    });
  });
}
