/**
 * Decision 047: a table's QR arrival (`/?table=CODE`) gets its table session with the page, started
 * as `GET /api/tables/{code}` would and under the same lookup limits, so the page's token orders for
 * the table; an unknown, hostile or limited code gets the page without one, never an error.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../src/shared/contract/first-screen';
import { buildApp } from '../../src/server/app';
import { freshAddress } from './account-helpers';
import { ALL_WEEK, call, checkout, loadCatalog, placed, productLine, productNamed, setWorkingHours, type Catalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';
import { firstScreenIn, shellClientDir } from './page-helpers';

const TABLE = 'T05-ZDVN-N4ZC-H7BC';

describe.each(backends())('a table arrival page on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let catalog: Catalog;

  /** The page as a phone at `ip` gets it, and the first screen it carries. */
  async function page(url: string, ip = freshAddress()): Promise<{ status: number; cacheControl: unknown; screen: FirstScreen }> {
    const res = await app.inject({ method: 'GET', url, remoteAddress: ip });
    return { status: res.statusCode, cacheControl: res.headers['cache-control'], screen: firstScreenIn(res.body, url) };
  }

  beforeAll(async () => {
    app = await buildApp({ db: ctx().database.db, clientDir: shellClientDir() });
    catalog = await loadCatalog(ctx().app);
    await setWorkingHours(ctx().database.db, ALL_WEEK);
  });
  afterAll(async () => {
    await app.close();
  });

  it("carries a session of the table's own, new for every page, whose token orders for the table", async () => {
    const first = await page(`/?table=${TABLE}`);
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('no-cache');
    expect(first.screen.table?.requested).toBe(TABLE);
    expect(first.screen.table?.grant.table).toEqual({ code: TABLE, name: 'Tisch 5', seats: 4 });
    const again = await page(`/?table=${TABLE.toLowerCase()}`);
    expect(again.screen.table?.requested).toBe(TABLE.toLowerCase());
    expect(again.screen.table?.grant.token).not.toBe(first.screen.table?.grant.token);
    // The menu's page without a code carries none, also after a table's page was made.
    expect((await page('/')).screen.table).toBeUndefined();

    const token = first.screen.table?.grant.token ?? '';
    const body = { items: [productLine(productNamed(catalog, 'Currywurst with fries'))], deliverType: 'table', table: TABLE, deliverAt: 'now', tip: 0, terms: true, paymentType: 'cash' };
    const order = placed(await checkout(ctx().app, body, { headers: { authorization: `Bearer ${token}` } }));
    expect(order.order).toMatchObject({ deliverType: 'table', table: { code: TABLE, name: 'Tisch 5' } });
  });

  it('answers an unknown or hostile code with the page and no table', async () => {
    for (const code of ['T99-ZZZZ-ZZZZ-ZZZZ', '%3Cscript%3E', '__proto__', 'constructor', 'x'.repeat(500), `${TABLE}&table=T01-PN3D-71SD-V2QK`, '']) {
      const got = await page(`/?table=${code}`);
      expect(got.status, code).toBe(200);
      expect(got.screen.table, code).toBeUndefined();
    }
    // A NUL byte in any query is refused before any page is made, as everywhere (422, field named).
    const nul = await app.inject({ method: 'GET', url: '/?table=T05%00-ZDVN' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toMatchObject({ data: { table: [expect.any(String)] } });
  });

  it('counts under the lookup limits: after 20 misses an address gets no table with the page, and the API says why', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) expect((await page(`/?table=T05-AAAA-AAAA-AA${String(i).padStart(2, '0')}`, ip)).screen.table).toBeUndefined();
    expect((await page(`/?table=${TABLE}`, ip)).screen.table).toBeUndefined();
    expect((await call(app, 'GET', `/api/tables/${TABLE}`, { remoteAddress: ip })).status).toBe(429);
    expect((await page(`/?table=${TABLE}`)).screen.table?.grant.table.name).toBe('Tisch 5');
  });
});
