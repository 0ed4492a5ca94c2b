/**
 * The back office's content pages (issue 14): CRUD and order, who may change them, the server's
 * cleaning of the HTML on save (and when served), the terms/privacy pages that cannot be deleted,
 * and the history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/contract/catalog';
import type { PageAdmin } from '../../src/shared/contract/pages-admin';
import * as t from '../../src/server/db/schema';
import { backends, useTestApp } from './harness';
import { call, fieldErrors, setSetting } from './checkout-helpers';
import { historyOf, hostileBodies, signInTeam, staffCall, type StaffTokens } from './site-admin-helpers';

const HOSTILE =
  '<h2>Hallo</h2><p>Text <strong>fett</strong> <em>kursiv</em></p><script>alert(1)</script><img src=x onerror=alert(1)>' +
  '<a href="javascript:alert(1)">böse</a><a href="JaVaScRiPt:alert(2)">auch</a><a href="data:text/html,<script>alert(3)</script>">daten</a>' +
  '<svg onload=alert(4)><circle /></svg><iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
  '<p onclick="alert(5)" style="color:red">Klick</p><a href="https://example.org" target="_blank">extern</a>' +
  '<a href="mailto:info@lindenhof.example">Mail</a><a href="tel:+49401234">Anruf</a><ul><li>eins</li></ul>';

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|data:|<svg|<iframe|<style|<img|style=/i);
  expect(html).toContain('<h2>Hallo</h2>');
  expect(html).toContain('<strong>fett</strong>');
  expect(html).toContain('<em>kursiv</em>');
  expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">extern</a>');
  expect(html).toContain('<a href="mailto:info@lindenhof.example">Mail</a>');
  expect(html).toContain('<a href="tel:+49401234">Anruf</a>');
  expect(html).toContain('<li>eins</li>');
  expect(html).toContain('Klick');
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: { de: 'Testseite', en: 'Test page' },
  text: { de: HOSTILE, en: '<p>English</p>' },
  isPopup: false,
  onHeader: false,
  onFooter: true,
  ...overrides,
});

describe.each(backends())('content pages in the back office on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let team: StaffTokens;

  const storefrontPages = async (lang = 'de') => (await call<{ data: Page[] }>(app(), 'GET', '/api/pages', { headers: { 'accept-language': lang } })).body.data;

  beforeAll(async () => {
    team = await signInTeam(app(), db());
  });

  it('lists every page with all languages to every staff member, 401 without sign-in', async () => {
    for (const token of [team.owner, team.manager, team.service]) {
      const res = await staffCall<{ data: PageAdmin[] }>(app(), token, 'GET', '/pages');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(2);
      expect(res.body.data[0]?.name).toHaveProperty('de');
      expect(res.body.data[0]?.name).toHaveProperty('en');
    }
    expect((await staffCall(app(), null, 'GET', '/pages')).status).toBe(401);
  });

  it('creates a page and cleans its HTML on save: no script, handler, javascript:/data: link, SVG or frame reaches a diner', async () => {
    const res = await staffCall<{ data: PageAdmin }>(app(), team.manager, 'POST', '/pages', body());
    expect(res.status, res.text).toBe(201);
    const page = res.body.data;
    expectClean(page.text.de ?? '');
    const [stored] = await db().select().from(t.pages).where((await import('drizzle-orm')).eq(t.pages.id, page.id));
    expectClean(stored?.text.de ?? '');
    const shown = (await storefrontPages()).find((p) => p.id === page.id);
    expect(shown?.name).toBe('Testseite');
    expectClean(shown?.text ?? '');
    const [line] = await historyOf(app(), team.owner, 'page.create');
    expect(line).toMatchObject({ actor: 'A manager', subject: 'Testseite', details: { before: null, after: { name: { de: 'Testseite' }, onFooter: true } } });
    // Long texts go into the history as an excerpt and a fingerprint.
    const text = (line?.details.after as { text: Record<string, string> }).text.de ?? '';
    expect(text).toMatch(/^Hallo Text fett kursiv .*\[[0-9a-f]{8}\]$/);
    expect(text.length).toBeLessThan(120);
    await staffCall(app(), team.owner, 'DELETE', `/pages/${page.id}`);
  });

  it('also cleans a page written straight into the database when it is served', async () => {
    const [row] = await db()
      .insert(t.pages)
      .values({ name: { de: 'Alt' }, text: { de: HOSTILE }, sort: 90 })
      .returning();
    try {
      expectClean((await storefrontPages()).find((p) => p.id === row?.id)?.text ?? '');
    } finally {
      await staffCall(app(), team.owner, 'DELETE', `/pages/${row?.id}`);
    }
  });

  it('edits, reorders and deletes a page, each with a history line', async () => {
    const created = (await staffCall<{ data: PageAdmin }>(app(), team.owner, 'POST', '/pages', body())).body.data;
    const edited = await staffCall<{ data: PageAdmin }>(app(), team.owner, 'PUT', `/pages/${created.id}`, body({ name: { de: 'Neu', en: '' }, onHeader: true }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ name: { de: 'Neu', en: '' }, onHeader: true });
    const [update] = await historyOf(app(), team.owner, 'page.update');
    expect(update?.details).toEqual({ before: { name: { de: 'Testseite', en: 'Test page' }, onHeader: false }, after: { name: { de: 'Neu', en: '' }, onHeader: true } });

    const ids = (await staffCall<{ data: PageAdmin[] }>(app(), team.owner, 'GET', '/pages')).body.data.map((p) => p.id);
    const reversed = [...ids].reverse();
    const order = await staffCall<{ data: PageAdmin[] }>(app(), team.owner, 'PUT', '/pages/order', { ids: reversed });
    expect(order.status, order.text).toBe(200);
    expect(order.body.data.map((p) => p.id)).toEqual(reversed);
    expect((await storefrontPages()).map((p) => p.id)).toEqual(reversed);
    expect(await historyOf(app(), team.owner, 'page.reorder')).toHaveLength(1);
    await staffCall(app(), team.owner, 'PUT', '/pages/order', { ids });

    expect((await staffCall(app(), team.owner, 'DELETE', `/pages/${created.id}`)).status).toBe(200);
    expect((await storefrontPages()).some((p) => p.id === created.id)).toBe(false);
    expect((await staffCall(app(), team.owner, 'DELETE', `/pages/${created.id}`)).status).toBe(404);
    expect((await staffCall(app(), team.owner, 'PUT', `/pages/${created.id}`, body())).status).toBe(404);
    const [deleted] = await historyOf(app(), team.owner, 'page.delete');
    expect(deleted).toMatchObject({ subject: 'Neu', details: { after: null } });
  });

  it('keeps the page the terms or privacy setting points to, and says why', async () => {
    const page = (await staffCall<{ data: PageAdmin }>(app(), team.owner, 'POST', '/pages', body())).body.data;
    await setSetting(db(), 'PRIVACY_POLICY', String(page.id));
    try {
      const listed = (await staffCall<{ data: PageAdmin[] }>(app(), team.owner, 'GET', '/pages')).body.data.find((p) => p.id === page.id);
      expect(listed?.usedAs).toBe('privacy');
      const refused = await staffCall<{ message: string }>(app(), team.owner, 'DELETE', `/pages/${page.id}`, undefined, 'de');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('Datenschutzerklärung');
    } finally {
      await setSetting(db(), 'PRIVACY_POLICY', null);
    }
    expect((await staffCall(app(), team.owner, 'DELETE', `/pages/${page.id}`)).status).toBe(200);
  });

  it('requires a name in the default language and limits the lengths', async () => {
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ name: { de: '  ', en: '' } })))).toHaveProperty('name');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ name: { de: '', en: 'Only English' } })))).toHaveProperty('name');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ name: { de: 'x'.repeat(81) } })))).toHaveProperty('name.de');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ text: { de: 'x'.repeat(200_001) } })))).toHaveProperty('text.de');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ name: { 'not a language': 'x' } })))).toHaveProperty('name');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/pages', body({ isPopup: 'yes' })))).toHaveProperty('isPopup');
  });

  it('answers 4xx to hostile bodies and lets only owners and managers write', async () => {
    const before = (await staffCall<{ data: PageAdmin[] }>(app(), team.owner, 'GET', '/pages')).body.data.length;
    for (const [method, url] of [['POST', '/pages'], ['PUT', '/pages/1'], ['PUT', '/pages/order']] as const) {
      for (const hostile of [...hostileBodies(), { name: { __proto__: 'x' }, text: {} }, { ids: ['1'] }, { ids: Array(500).fill(1) }]) {
        const res = await staffCall(app(), team.owner, method, url, hostile);
        expect(res.status, `${method} ${url} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
      const valid = url === '/pages/order' ? { ids: [1] } : body();
      expect((await staffCall(app(), team.service, method, url, valid)).status, url).toBe(403);
      expect((await staffCall(app(), null, method, url, valid)).status, url).toBe(401);
    }
    expect((await staffCall(app(), team.service, 'DELETE', '/pages/1')).status).toBe(403);
    expect((await staffCall(app(), team.owner, 'DELETE', '/pages/abc')).status).toBe(422);
    expect((await staffCall<{ data: PageAdmin[] }>(app(), team.owner, 'GET', '/pages')).body.data.length).toBe(before);
  });
});
