/**
 * The operator's branding as the server serves it (decision 019): the manifest from settings, the
 * page with title, favicon, font, size, pictures, splash and the header code (with this response's
 * nonce in the page and in its Content Security Policy), and what the operator may store.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import * as t from '../../src/server/db/schema';
import { FIRST_SCREEN_ID } from '../../src/shared/contract/first-screen';
import { XSRF_HEADERS } from './checkout-helpers';
import { backends, openTestApp } from './harness';

const OPERATOR_KEY = 'branding-operator-key-0123456789';
const AUTH = { authorization: `Bearer ${OPERATOR_KEY}` };

const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<link rel="manifest" href="/manifest.webmanifest" />
<title>Build name</title>
</head>
<body>
<div id="root"><div class="shell"><span class="shell__name" data-shell-name>Build name</span></div></div>
<script type="module" src="/assets/main-AbCd1234.js"></script>
</body></html>`;

const GA = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag('config', 'G-TEST123');</script>
<noscript><img src="https://pixel.example.net/p.gif" alt="" /></noscript>
<meta name="google-site-verification" content="abc" />`;

for (const backend of backends()) {
  describe(`branding on ${backend}`, () => {
    let ctx: Awaited<ReturnType<typeof openTestApp>>;
    let app: FastifyInstance;
    const defaults = new Map<string, unknown>();
    const KEYS = ['SITE_TITLE', 'FAVICON', 'FONT_FAMILY', 'FONT_SIZE', 'CUSTOM_HEADER_CODE', 'BREADCRUMB_BACKGROUND', 'BACKGROUND_IMAGE'];

    beforeAll(async () => {
      ctx = await openTestApp(backend);
      for (const row of await ctx.database.db.select().from(t.settings)) if (KEYS.includes(row.key)) defaults.set(row.key, row.value);
      const dir = mkdtempSync(join(tmpdir(), 'client-'));
      writeFileSync(join(dir, 'index.html'), INDEX);
      app = await buildApp({ db: ctx.database.db, clientDir: dir, operatorKey: OPERATOR_KEY });
    });
    afterAll(async () => {
      await app.close();
      await ctx.dispose();
    });

    const put = (key: string, value: unknown) =>
      app.inject({ method: 'PUT', url: `/api/operator/settings/${key}`, headers: { ...AUTH, 'accept-language': 'en' }, payload: { value } });
    const restore = async () => {
      for (const [key, value] of defaults) await ctx.database.db.update(t.settings).set({ value }).where(eq(t.settings.key, key));
    };
    const page = (cookie?: string) => app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
    /**
     * The page as markup: without the inlined first-screen data (decision 028). That block carries the
     * public settings answer as inert JSON, so an operator's stored values appear in it as text; what
     * these tests guard is what the page renders or runs, and that the data block cannot become markup.
     */
    const markup = (body: string) => {
      const data = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`).exec(body);
      expect(data, 'the inlined first-screen data').not.toBeNull();
      return body.replace(data?.[0] ?? '', '');
    };
    const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...rest]) => [name, rest]));

    it('serves the manifest from settings: the install name follows SITE_TITLE and the icon FAVICON', async () => {
      try {
        const seeded = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
        expect(seeded.statusCode).toBe(200);
        expect(seeded.headers['content-type']).toMatch(/application\/manifest\+json/);
        expect(seeded.headers['cache-control']).toBe('no-cache');
        const before = seeded.json<{ name: string; short_name: string; icons: { src: string; sizes: string }[]; start_url: string }>();
        expect(before).toMatchObject({ name: 'Gasthaus Lindenhof', start_url: '/' });
        expect(before.short_name.length).toBeLessThanOrEqual(12);
        expect(before.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);

        expect((await put('SITE_TITLE', 'Trattoria Sole Mio am Hafen')).statusCode).toBe(200);
        expect((await put('FAVICON', '/media/brand/logo-mark.svg')).statusCode).toBe(200);
        const after = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<typeof before>();
        expect(after.name).toBe('Trattoria Sole Mio am Hafen');
        expect(after.short_name).toBe('Trattoria');
        expect(after.icons).toEqual([{ src: '/media/brand/logo-mark.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]);
      } finally {
        await restore();
      }
    });

    it('renders title, favicon, shipped font, size and pictures into the page, and leaves unknown values to the built-in look', async () => {
      try {
        const plain = await page();
        expect(plain.body).toContain('<link rel="icon" href="/media/brand/favicon.svg" type="image/svg+xml" />');
        expect(plain.body).not.toContain('@font-face');
        expect(plain.body).not.toContain('rel="preload"');

        for (const [key, value] of [
          ['SITE_TITLE', 'Zur Linde'],
          ['FAVICON', '/media/brand/logo-mark.svg'],
          ['FONT_FAMILY', 'lora'],
          ['FONT_SIZE', '18px'],
          ['BREADCRUMB_BACKGROUND', '/media/gallery/kueche-2.svg'],
          ['BACKGROUND_IMAGE', '/media/gallery/kueche-4.svg'],
        ] as const) {
          const res = await put(key, value);
          expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
        }
        const branded = (await page()).body;
        expect(branded).toContain('<title>Zur Linde</title>');
        expect(branded).toContain('data-shell-name>Zur Linde</span>');
        expect(branded).toContain('<link rel="icon" href="/media/brand/logo-mark.svg" type="image/svg+xml" />');
        expect(branded).toContain('<link rel="preload" href="/fonts/lora-latin.woff2" as="font" type="font/woff2" crossorigin />');
        expect(branded).toContain("@font-face{font-family:'Lora'");
        expect(branded).toContain(":root{--font:'Lora',Georgia");
        expect(branded).toContain('html{font-size:18px}');
        expect(branded).toContain('url("/media/gallery/kueche-2.svg")');
        expect(branded).toContain('body{background:var(--bg) url("/media/gallery/kueche-4.svg")');
        // The font file itself is ours (public/fonts), not an outside host's.
        expect(branded).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);

        // Values stored some other way than through the API (an old database, a hand edit) fall back.
        const db = ctx.database.db;
        await db.update(t.settings).set({ value: "Comic Sans MS" }).where(eq(t.settings.key, 'FONT_FAMILY'));
        await db.update(t.settings).set({ value: '99px' }).where(eq(t.settings.key, 'FONT_SIZE'));
        await db.update(t.settings).set({ value: 'https://elsewhere.example/bg.jpg") ; x' }).where(eq(t.settings.key, 'BACKGROUND_IMAGE'));
        const fallen = markup((await page()).body);
        expect(fallen).not.toContain('@font-face');
        expect(fallen).not.toContain('font-size:99px');
        expect(fallen).not.toContain('elsewhere.example');
      } finally {
        await restore();
      }
    });

    it('shows the splash logo on a session\'s first page only', async () => {
      const first = await page();
      expect(first.body).toMatch(/<div class="splash" aria-hidden="true"><img src="\/media\/brand\/logo\.svg" alt="" \/><\/div>/);
      const cookie = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('splash-seen='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
      const again = await page('splash-seen=1');
      expect(again.body).not.toContain('class="splash"');
      // Not set again (another greeting's cookie, the closed notice's after hours, may be).
      expect([again.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('splash-seen='))).toBe(false);
    });

    it('paints the first page in the language the diner chose, right to left for Arabic, and ignores an unknown one', async () => {
      expect((await page()).body).toContain('<html lang="de" dir="ltr">');
      expect((await page('lang=ar')).body).toContain('<html lang="ar" dir="rtl">');
      expect((await page('lang=tr')).body).toContain('<html lang="tr" dir="ltr">');
      for (const bad of ['xx', '"><script>', 'constructor']) expect((await page(`lang=${encodeURIComponent(bad)}`)).body).toContain('<html lang="de" dir="ltr">');
    });

    it("injects the operator's header code with a fresh nonce per page and allows exactly its origins", async () => {
      try {
        const without = await page();
        const plainPolicy = directives(String(without.headers['content-security-policy']));
        // Without header code the page keeps the app's plain policy: nothing inline may run.
        expect(plainPolicy.get('script-src')?.some((s) => s.startsWith("'nonce-"))).toBe(false);
        expect(plainPolicy.get('script-src')).not.toContain("'unsafe-inline'");
        expect(markup(without.body)).not.toContain('CUSTOM_HEADER_CODE');

        expect((await put('CUSTOM_HEADER_CODE', GA)).statusCode).toBe(200);
        const one = await page();
        const two = await page();
        const nonceOf = (body: string) => /<script nonce="([^"]+)" async src="https:\/\/www\.googletagmanager\.com/.exec(body)?.[1];
        const nonce = nonceOf(one.body);
        expect(nonce).toBeTruthy();
        expect(nonceOf(two.body)).not.toBe(nonce);
        // Every script of the code carries it, including the inline one.
        expect(one.body.match(/<script nonce="/g)?.length).toBe(2);
        expect(one.body).toContain(`<script nonce="${nonce}">window.dataLayer`);
        const policy = directives(String(one.headers['content-security-policy']));
        expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'self'", `'nonce-${nonce}'`, 'https://www.googletagmanager.com']));
        expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://www.googletagmanager.com']));
        expect(policy.get('img-src')).toEqual(expect.arrayContaining(['https://pixel.example.net']));
        expect(policy.get('script-src')).not.toContain('https://pixel.example.net');
        // The code sits in the head, before the app's own script.
        expect(one.body.indexOf('googletagmanager')).toBeLessThan(one.body.indexOf('</head>'));

        // The API's own answers keep the app's policy: no nonce, no outside origin.
        const api = await app.inject({ method: 'GET', url: '/api/settings' });
        expect(String(api.headers['content-security-policy'])).not.toMatch(/nonce-|googletagmanager/);
      } finally {
        await restore();
      }
    });

    it('refuses header code that could take over the page, and never serves such code stored some other way', async () => {
      const refused = [
        '<iframe src="https://evil.example/"></iframe>',
        '<script src="http://plain.example/a.js"></script>',
        '<script src="//evil.example/a.js"></script>',
        '<script src="data:text/javascript,alert(1)"></script>',
        '<script>alert(1)',
        '<base href="https://evil.example/" />',
        '<meta http-equiv="refresh" content="0;url=https://evil.example/" />',
        '<meta http-equiv="Content-Security-Policy" content="script-src *" />',
        '<link rel="stylesheet" href="javascript:alert(1)" />',
        '<img src="/x.png" onerror="alert(1)" />',
        '<script nonce="guessed">alert(1)</script>',
        '</head><body onload="alert(1)">',
        '<style>body{}',
        `<script>${'x'.repeat(10_001)}</script>`,
        'a\u0000b',
      ];
      for (const code of refused) {
        const res = await put('CUSTOM_HEADER_CODE', code);
        expect(res.statusCode, code.slice(0, 60)).toBe(422);
        expect(res.json<{ data: Record<string, string[]> }>().data.value?.[0]).toBeTruthy();
      }
      const [row] = await ctx.database.db.select().from(t.settings).where(eq(t.settings.key, 'CUSTOM_HEADER_CODE'));
      expect(row?.value).toBe(defaults.get('CUSTOM_HEADER_CODE'));

      // A script tag hidden in a script's text is text: allowed, and closed correctly.
      expect((await put('CUSTOM_HEADER_CODE', '<script>var s = "<iframe>";</script><style>a{color:red}</style>')).statusCode).toBe(200);
      try {
        await ctx.database.db.update(t.settings).set({ value: '<script>alert(1)</script><iframe src="https://evil.example/"></iframe>' }).where(eq(t.settings.key, 'CUSTOM_HEADER_CODE'));
        const body = markup((await page()).body);
        expect(body).not.toContain('alert(1)');
        expect(body).not.toContain('evil.example');
      } finally {
        await restore();
      }
    });

    it('validates the branding settings the operator stores', async () => {
      try {
        const cases: [string, unknown, number][] = [
          ['FONT_FAMILY', 'Comic Sans MS', 422],
          ['FONT_FAMILY', 'https://fonts.example/x.css', 422],
          ['FONT_FAMILY', 'Playfair Display', 200],
          ['FONT_FAMILY', 'system', 200],
          ['FONT_SIZE', '11px', 422],
          ['FONT_SIZE', '25', 422],
          ['FONT_SIZE', 'large', 422],
          ['FONT_SIZE', '-16px', 422],
          ['FONT_SIZE', '20', 200],
          ['FONT_SIZE', '12px', 200],
          ['FAVICON', 'https://elsewhere.example/icon.png', 422],
          ['FAVICON', '//elsewhere.example/icon.png', 422],
          ['FAVICON', 'javascript:alert(1)', 422],
          ['FAVICON', '/media/x.svg") ; background:url(/y', 422],
          ['FAVICON', '/media/brand/logo-mark.svg', 200],
          ['FAVICON', '', 200],
          ['BREADCRUMB_BACKGROUND', '/media/gallery/kueche-2.svg', 200],
          ['SITE_TITLE', 'x'.repeat(2001), 422],
          ['SITE_TITLE', ['array'], 422],
          ['SITE_TITLE', 42, 422],
          ['CUSTOM_HEADER_CODE', '', 200],
        ];
        for (const [key, value, status] of cases) {
          const res = await put(key, value);
          expect(res.statusCode, `${key}=${String(value).slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(status);
          if (status === 422) expect(res.json<{ message: string; data: Record<string, string[]> }>().data.value).toHaveLength(1);
        }
        const sized = await put('FONT_SIZE', '30px');
        expect(sized.json<{ data: { value: string[] } }>().data.value[0]).toBe('The font size must be between 12 and 24 px.');
      } finally {
        await restore();
      }
    });

    it('lets no diner-facing call write a setting: only the operator key does', async () => {
      for (const method of ['PUT', 'POST', 'PATCH'] as const) {
        const res = await app.inject({ method, url: '/api/settings/CUSTOM_HEADER_CODE', headers: XSRF_HEADERS, payload: { value: '<script>alert(1)</script>' } });
        expect(res.statusCode).toBe(404);
      }
      const anonymous = await app.inject({ method: 'PUT', url: '/api/operator/settings/CUSTOM_HEADER_CODE', headers: XSRF_HEADERS, payload: { value: '<script></script>' } });
      expect(anonymous.statusCode).toBe(401);
      const wrongKey = await app.inject({
        method: 'PUT',
        url: '/api/operator/settings/CUSTOM_HEADER_CODE',
        headers: { ...XSRF_HEADERS, authorization: 'Bearer not-the-key-0123456789' },
        payload: { value: '<script></script>' },
      });
      expect(wrongKey.statusCode).toBe(401);
      const [row] = await ctx.database.db.select().from(t.settings).where(eq(t.settings.key, 'CUSTOM_HEADER_CODE'));
      expect(row?.value).toBe(defaults.get('CUSTOM_HEADER_CODE'));
    });
  });
}
