/**
 * The settings screen's API (`/api/staff/settings`): each group saves valid values, refuses bad
 * ones with field errors (never a 500), writes one history line with only the changed keys, and
 * what it saves is what the storefront reads next (GET /api/settings, the server-rendered page).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingsAdminView, SettingsGroup } from '../../src/shared/contract/settings-admin';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { call } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

describe.each(backends())('settings editor on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  let owner: string;
  let service: string;
  let view: SettingsAdminView;

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const put = (token: string | null, group: string, body: unknown) =>
    call<{ data: Record<string, unknown>; message?: string }>(app(), 'PUT', `/api/staff/settings/${group}`, {
      headers: { ...(token ? authHeaders(token) : {}), ...EN, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const read = async () => {
    const res = await call<{ data: SettingsAdminView }>(app(), 'GET', '/api/staff/settings', { headers: { ...authHeaders(owner), ...EN } });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const storefront = async () => {
    const res = await call<{ data: { key: string; value: unknown }[] }>(app(), 'GET', '/api/settings', { headers: EN });
    expect(res.status).toBe(200);
    // PGlite hands a JSON string that looks like a number ("1") back as the number: compare as text.
    return Object.fromEntries(res.body.data.map((s) => [s.key, typeof s.value === 'number' ? String(s.value) : s.value]));
  };
  const audit = async () => {
    const res = await call<{ data: AuditEntry[] }>(app(), 'GET', '/api/staff/audit', { headers: authHeaders(owner) });
    return res.body.data;
  };
  const errorsOf = (res: { status: number; body: unknown; text: string }) => {
    expect(res.status, res.text).toBe(422);
    return (res.body as { data: Record<string, string[]> }).data;
  };
  const withChange = <G extends SettingsGroup>(group: G, change: Record<string, unknown>) => ({ ...view.groups[group], ...change });

  beforeAll(async () => {
    await ensureOwner(ctx().database.db, OWNER.email, OWNER.password);
    owner = await login(OWNER.email, OWNER.password);
    const email = 'service-settings@lindenhof.example';
    const added = await call<{ data: StaffMember }>(app(), 'POST', '/api/staff/team', {
      headers: authHeaders(owner),
      payload: { name: 'Floor', email, role: 'service', password: 'staff-password-1' },
    });
    expect(added.status, added.text).toBe(201);
    service = await login(email, 'staff-password-1');
    view = await read();
  });

  it('reads every group in the form shape, the pages and what the environment sets', async () => {
    expect(view.groups.identity.SITE_TITLE).toBe('Gasthaus Lindenhof');
    expect(view.groups.ordering.ALLOW_TIP).toBe(true);
    expect(view.groups.ordering.TIP_PERCENTS).toBe('5,10,15');
    expect(view.groups.contact.RESTAURANT_COORDINATES).toEqual({ lat: 53.5645, lng: 9.9615 });
    expect(view.groups.reservations.RESERVATION_MAX_GUESTS).toBe(8);
    expect(typeof view.groups.ordering.TERMS_AND_CONDITIONS).toBe('number');
    expect(view.pages.length).toBeGreaterThan(0);
    expect(view.environment).toEqual({ stripe: false, operatorApi: false, socialProviders: [] });
    // Service staff read the screen (to answer a caller) but cannot save.
    const asService = await call(app(), 'GET', '/api/staff/settings', { headers: authHeaders(service) });
    expect(asService.status).toBe(200);
  });

  it('saves the identity group: the storefront and the server-rendered page follow without a restart', async () => {
    const res = await put(owner, 'identity', withChange('identity', { SITE_TITLE: 'Zur Linde', BRAND_COLOR: '#7a1f3d', FONT_FAMILY: 'Lora' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.SITE_TITLE).toBe('Zur Linde');
    const settings = await storefront();
    expect(settings.SITE_TITLE).toBe('Zur Linde');
    expect(settings.BRAND_COLOR).toBe('#7a1f3d');
    const manifest = await call<{ name: string }>(app(), 'GET', '/manifest.webmanifest');
    if (manifest.status === 200) expect(manifest.body.name).toBe('Zur Linde');
    // The history keeps only what changed, before and after.
    const [line] = await audit();
    expect(line?.action).toBe('settings.update');
    expect(line?.subject).toBe('identity');
    expect(line?.details).toEqual({
      before: { SITE_TITLE: 'Gasthaus Lindenhof', BRAND_COLOR: '', FONT_FAMILY: 'system' },
      after: { SITE_TITLE: 'Zur Linde', BRAND_COLOR: '#7a1f3d', FONT_FAMILY: 'Lora' },
    });
    // Saving again unchanged leaves no second line.
    const again = await put(owner, 'identity', withChange('identity', { SITE_TITLE: 'Zur Linde', BRAND_COLOR: '#7a1f3d', FONT_FAMILY: 'Lora' }));
    expect(again.status).toBe(200);
    expect((await audit())[0]?.id).toBe(line?.id);
    const back = await put(owner, 'identity', view.groups.identity);
    expect(back.status).toBe(200);
    expect((await storefront()).SITE_TITLE).toBe('Gasthaus Lindenhof');
  });

  it('refuses bad colours, images, fonts and an empty title with field errors', async () => {
    const errors = errorsOf(
      await put(owner, 'identity', withChange('identity', { SITE_TITLE: '  ', BRAND_COLOR: 'red', LOGO: 'https://evil.example/x.png', FONT_FAMILY: 'Comic Sans', FONT_SIZE: '40' })),
    );
    expect(Object.keys(errors).sort()).toEqual(['BRAND_COLOR', 'FONT_FAMILY', 'FONT_SIZE', 'LOGO', 'SITE_TITLE']);
    expect(errors.BRAND_COLOR?.[0]).toMatch(/#1f5c4a/);
    // Header code the page's security policy could not carry is refused by the server's own check.
    const code = errorsOf(await put(owner, 'identity', withChange('identity', { CUSTOM_HEADER_CODE: '<img src=x onerror=alert(1)>' })));
    expect(Object.keys(code)).toEqual(['CUSTOM_HEADER_CODE']);
  });

  it('validates contact links and phone numbers, and saves coordinates typed with a comma', async () => {
    const errors = errorsOf(
      await put(owner, 'contact', withChange('contact', { PHONE: '12', FACEBOOK: 'http://facebook.com/x', INSTAGRAM: 'javascript:alert(1)', CONTACT_EMAIL: 'nope', TIMEZONE: 'Mars/Olympus' })),
    );
    expect(Object.keys(errors).sort()).toEqual(['CONTACT_EMAIL', 'FACEBOOK', 'INSTAGRAM', 'PHONE', 'TIMEZONE']);
    const coords = errorsOf(await put(owner, 'contact', withChange('contact', { RESTAURANT_COORDINATES: { lat: 91, lng: 'x' } })));
    expect(Object.keys(coords).sort()).toEqual(['RESTAURANT_COORDINATES.lat', 'RESTAURANT_COORDINATES.lng']);
    const ok = await put(owner, 'contact', withChange('contact', { PHONE: '040 7654321', RESTAURANT_COORDINATES: { lat: '53,57', lng: '9,96' } }));
    expect(ok.status, ok.text).toBe(200);
    expect((await storefront()).RESTAURANT_COORDINATES).toEqual({ lat: 53.57, lng: 9.96 });
    expect((await put(owner, 'contact', view.groups.contact)).status).toBe(200);
  });

  it('validates the tip percents and saves switches as the storefront reads them', async () => {
    for (const bad of ['5,,10', '101', '5;10', '-5', 'abc']) {
      expect(Object.keys(errorsOf(await put(owner, 'ordering', withChange('ordering', { TIP_PERCENTS: bad }))))).toEqual(['TIP_PERCENTS']);
    }
    const res = await put(owner, 'ordering', withChange('ordering', { ALLOW_TIP: false, TIP_PERCENTS: ' 8, 12.5 ,20 ' }));
    expect(res.status, res.text).toBe(200);
    const settings = await storefront();
    expect(settings.ALLOW_TIP).toBe('');
    expect(settings.TIP_PERCENTS).toBe('8,12.5,20');
    // A switch is a boolean: "1" and "yes" are not.
    expect(Object.keys(errorsOf(await put(owner, 'ordering', withChange('ordering', { ALLOW_DELIVERY: 'yes' }))))).toEqual(['ALLOW_DELIVERY']);
    // The legal links name an existing page.
    expect(Object.keys(errorsOf(await put(owner, 'ordering', withChange('ordering', { PRIVACY_POLICY: 99999 }))))).toEqual(['PRIVACY_POLICY']);
    expect((await put(owner, 'ordering', view.groups.ordering)).status).toBe(200);
    expect((await storefront()).ALLOW_TIP).toBe('1');
  });

  it('validates accounts, loyalty and reservations', async () => {
    expect((await put(owner, 'accounts', { ALLOW_REGISTRATION: false, SOCIAL_LOGIN: true })).status).toBe(200);
    expect((await storefront()).ALLOW_REGISTRATION).toBe('');
    expect((await put(owner, 'accounts', view.groups.accounts)).status).toBe(200);
    expect(Object.keys(errorsOf(await put(owner, 'loyalty', { LOYALTY_SYSTEM: true, LOYALTY_EARN_PERCENT: 150 })))).toEqual(['LOYALTY_EARN_PERCENT']);
    expect((await put(owner, 'loyalty', { LOYALTY_SYSTEM: true, LOYALTY_EARN_PERCENT: '2,5' })).status).toBe(200);
    expect((await storefront()).LOYALTY_EARN_PERCENT).toBe('2.5');
    const res = errorsOf(await put(owner, 'reservations', { RESERVATION_ENABLED: true, RESERVATION_MIN_NOTICE_MINUTES: 1.5, RESERVATION_MAX_GUESTS: 0 }));
    expect(Object.keys(res).sort()).toEqual(['RESERVATION_MAX_GUESTS', 'RESERVATION_MIN_NOTICE_MINUTES']);
    expect((await put(owner, 'loyalty', view.groups.loyalty)).status).toBe(200);
  });

  it('refuses unknown keys, prototype keys, NUL bytes, huge strings, wrong types and deep nesting with 4xx', async () => {
    const unknown = errorsOf(await put(owner, 'accounts', { ...view.groups.accounts, RESTAURANT_ACTIVE: '' }));
    expect(JSON.stringify(unknown)).toMatch(/does not exist/);
    const proto = await put(owner, 'accounts', `{"ALLOW_REGISTRATION":true,"SOCIAL_LOGIN":true,"__proto__":{"admin":true},"constructor":{"x":1}}`);
    expect(proto.status).toBeLessThan(500);
    expect(Object.keys(errorsOf(await put(owner, 'identity', withChange('identity', { SITE_TITLE: 'a\u0000b' }))))).toEqual(['SITE_TITLE']);
    expect(Object.keys(errorsOf(await put(owner, 'contact', withChange('contact', { ADDRESS: 'x'.repeat(100_000) }))))).toEqual(['ADDRESS']);
    for (const body of [null, [], 'text', 42, { SITE_TITLE: { a: 1 } }, { ALLOW_TIP: [true] }]) {
      const res = await put(owner, 'ordering', body === null ? 'null' : body);
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const nested = await put(owner, 'contact', withChange('contact', { RESTAURANT_COORDINATES: deep }));
    expect(nested.status).toBe(422);
    expect((await call(app(), 'PUT', '/api/staff/settings/secrets', { headers: authHeaders(owner), payload: {} })).status).toBe(404);
    expect((await storefront()).SITE_TITLE).toBe('Gasthaus Lindenhof');
  });

  it('answers 401 without a token and 403 to service staff, before reading the body', async () => {
    expect((await put(null, 'accounts', view.groups.accounts)).status).toBe(401);
    expect((await put(null, 'accounts', { nonsense: 1 })).status).toBe(401);
    expect((await put(service, 'accounts', view.groups.accounts)).status).toBe(403);
    expect((await call(app(), 'GET', '/api/staff/settings')).status).toBe(401);
  });
});
