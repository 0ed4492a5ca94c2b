/**
 * Branches (issue 13, decision 017): `GET /api/branches` answers the configured list and who is
 * asking; CORS and the CSP's connect-src open exactly to the hub and the branches; and the
 * anti-forgery rule holds across origins: a state-changing call from one of those origins is
 * proven by the browser's Origin header, any other origin still needs the cookie/header pair.
 */
import { describe, expect, it } from 'vitest';
import type { Branch, BranchesMeta } from '../../src/shared/contract/catalog';
import type { BranchSetup } from '../../src/server/branches';
import { call, type Catalog, loadCatalog, newKey, orderCount, payload, productLine, productNamed, XSRF_HEADERS } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const HUB = 'http://127.0.0.1:3830';
const EPPENDORF = 'http://localhost:3831';
const ALTONA = 'https://altona.lindenhof.example';
const EVIL = 'https://evil.example';
const BRANCHES: Branch[] = [
  { name: 'Lindenhof Eppendorf', url: EPPENDORF },
  { name: 'Lindenhof Altona', url: ALTONA },
];
const AS_HUB: BranchSetup = { branches: BRANCHES, hub: HUB, self: null };
const AS_EPPENDORF: BranchSetup = { branches: BRANCHES, hub: HUB, self: EPPENDORF };

/** Origins that look close to ours but are not: each must be refused like any stranger. */
const NEAR_MISSES = [EVIL, 'null', `${HUB}0`, 'http://127.0.0.1:3831', 'https://localhost:3831', `${ALTONA}.evil.example`, HUB.toUpperCase(), `${EPPENDORF}/`];

/** The CSP's connect-src sources, in order. */
function connectSrc(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

describe.each(backends())('branches on %s', (backend) => {
  describe('a single restaurant (no BRANCHES)', () => {
    const ctx = useTestApp(backend);
    const app = () => ctx().app;

    it('lists no branches, answers no origin with CORS headers, and connects to itself only', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/branches', headers: { origin: HUB } });
      expect(res.json()).toEqual({ data: [], meta: { hub: null, self: null } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
    });

    it('refuses a state-changing call without the pair whatever Origin it names', async () => {
      const res = await call(app(), 'POST', '/api/contact', { payload: {}, xsrf: false, headers: { origin: HUB } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'xsrf' });
    });
  });

  describe('the hub', () => {
    const ctx = useTestApp(backend, { branches: AS_HUB });
    const app = () => ctx().app;

    it('lists the branches by name and origin, and says it is the hub', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/branches' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Branch[]; meta: BranchesMeta }>();
      expect(body.data).toEqual(BRANCHES);
      expect(body.meta).toEqual({ hub: HUB, self: null });
    });

    it('lets exactly the configured pages connect (CSP connect-src)', async () => {
      for (const url of ['/api/branches', '/api/settings', '/api/health']) {
        const res = await app().inject({ method: 'GET', url });
        expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'", HUB, EPPENDORF, ALTONA]);
      }
    });

    it('answers a configured origin with CORS headers, and varies by Origin', async () => {
      for (const origin of [HUB, EPPENDORF, ALTONA]) {
        const res = await app().inject({ method: 'GET', url: '/api/settings', headers: { origin } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(String(res.headers['access-control-expose-headers'])).toContain('Retry-After');
        expect(String(res.headers.vary)).toMatch(/Accept-Language/);
        expect(String(res.headers.vary)).toMatch(/Origin/);
      }
    });

    it('gives any other origin no CORS header at all', async () => {
      for (const origin of NEAR_MISSES) {
        const res = await app().inject({ method: 'GET', url: '/api/settings', headers: { origin } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(res.headers['access-control-expose-headers'], origin).toBeUndefined();
      }
    });

    it('approves a preflight from a configured origin only', async () => {
      const preflight = (origin: string) =>
        app().inject({
          method: 'OPTIONS',
          url: '/api/checkout/v2',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key,authorization' },
        });
      const ok = await preflight(EPPENDORF);
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe(EPPENDORF);
      expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(ok.headers['access-control-allow-headers'])).toMatch(/Idempotency-Key/);
      expect(String(ok.headers['access-control-allow-headers'])).toMatch(/Authorization/);
      for (const origin of NEAR_MISSES) {
        const refused = await preflight(origin);
        expect(refused.statusCode, origin).not.toBe(204);
        expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(refused.headers['access-control-allow-methods'], origin).toBeUndefined();
      }
    });

    it('answers hostile Origin headers and query strings without a 5xx and without CORS headers', async () => {
      const hostile = ['x'.repeat(8000), 'http://[::1', 'http://127.0.0.1:3830\u0000', '*', `${HUB}, ${EVIL}`, 'constructor', '__proto__', ' '];
      for (const origin of hostile) {
        for (const method of ['GET', 'OPTIONS', 'POST'] as const) {
          const res = await app().inject({
            method,
            url: '/api/branches?__proto__[x]=1&constructor=2',
            headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x'.repeat(2000) },
          });
          expect(res.statusCode, `${method} ${origin.slice(0, 40)}`).toBeLessThan(500);
          expect(res.headers['access-control-allow-origin']).toBeUndefined();
        }
      }
    });

    it('keeps CORS to the API: the app shell and other paths get none', async () => {
      const res = await app().inject({ method: 'GET', url: '/', headers: { origin: EPPENDORF } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('a branch', () => {
    const ctx = useTestApp(backend, { branches: AS_EPPENDORF });
    const app = () => ctx().app;
    let catalog: Catalog;
    const order = async (headers: Record<string, string>) => {
      catalog ??= await loadCatalog(app());
      return call(app(), 'POST', '/api/checkout/v2', {
        payload: payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]),
        xsrf: false,
        headers: { 'idempotency-key': newKey(), ...headers },
      });
    };

    it('says it is a branch, and which, so its own host never sends diners to choose again', async () => {
      const body = (await app().inject({ method: 'GET', url: '/api/branches' })).json<{ data: Branch[]; meta: BranchesMeta }>();
      expect(body.meta).toEqual({ hub: HUB, self: EPPENDORF });
      expect(body.data.map((b) => b.url)).toContain(body.meta.self);
    });

    it('takes an order from the hub page, proven by its Origin header without the cookie pair', async () => {
      const before = await orderCount(ctx().database.db);
      const res = await order({ origin: HUB });
      expect(res.status, res.text).toBe(201);
      expect(res.headers['access-control-allow-origin']).toBe(HUB);
      expect(await orderCount(ctx().database.db)).toBe(before + 1);
    });

    it('refuses the same order from any other origin, or none, without the pair, and stores nothing', async () => {
      const before = await orderCount(ctx().database.db);
      for (const origin of [...NEAR_MISSES, undefined]) {
        const res = await order(origin === undefined ? {} : { origin });
        expect(res.status, `${origin}: ${res.text}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'xsrf' });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      // A stranger's page cannot make up the pair either: a header that is not the cookie's.
      const forged = await order({ origin: EVIL, cookie: XSRF_HEADERS.cookie, 'x-xsrf-token': 'x'.repeat(40) });
      expect(forged.status).toBe(403);
      expect(await orderCount(ctx().database.db)).toBe(before);
    });

    it('still takes a same-origin call that carries the pair, as before', async () => {
      const res = await order({ ...XSRF_HEADERS });
      expect(res.status, res.text).toBe(201);
    });
  });
});
