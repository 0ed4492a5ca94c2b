/**
 * The logo upload (issue 14, decision 026): a file from the settings screen becomes one PNG that
 * keeps the logo's shape and transparency and nothing of its metadata, stored by hash, and the
 * LOGO setting names it, with a history line; what is not an image is refused, never a 500.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import { pruneOrphanFiles } from '../../src/server/admin/photos/store';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { call, XSRF_HEADERS } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@logo.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
const SECRET = 'SECRET-DESIGNER-7';

/** A wide logo, 1600×400: a transparent ground with an opaque red bar in the middle, and an artist's name in its EXIF. */
function transparentLogo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 800, height: 200, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } }, left: 400, top: 100 }])
    .withExif({ IFD0: { Artist: SECRET } })
    .png()
    .toBuffer();
}

describe.each(backends())('logo upload on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let owner: string;
  let service: string;
  let manager: string;

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}@logo.example`;
    const res = await call<{ data: StaffMember }>(app(), 'POST', '/api/staff/team', {
      headers: { ...authHeaders(owner), ...EN },
      payload: { name: `A ${role}`, email, role, password: 'staff-password-1' },
    });
    expect(res.status, res.text).toBe(201);
    return login(email, 'staff-password-1');
  };
  const upload = (body: Buffer | string, options: { token?: string | null; type?: string } = {}): Promise<LightMyRequestResponse> =>
    app().inject({
      method: 'PUT',
      url: '/api/staff/settings/logo',
      headers: {
        ...XSRF_HEADERS,
        ...EN,
        ...(options.token === null ? {} : authHeaders(options.token ?? owner)),
        'content-type': options.type ?? 'image/png',
      },
      payload: body,
    });
  const json = <T>(res: LightMyRequestResponse) => JSON.parse(res.body) as T;
  const publicLogo = async () => {
    const res = await call<{ data: { key: string; value: unknown }[] }>(app(), 'GET', '/api/settings', { headers: EN });
    expect(res.status).toBe(200);
    return res.body.data.find((s) => s.key === 'LOGO')?.value;
  };
  const audit = async () => (await call<{ data: AuditEntry[] }>(app(), 'GET', '/api/staff/audit', { headers: authHeaders(owner) })).body.data;

  beforeAll(async () => {
    expect(await ensureOwner(db(), OWNER.email, OWNER.password)).toBe('created');
    owner = await login(OWNER.email, OWNER.password);
    service = await addStaff('service');
    manager = await addStaff('manager');
  });

  it('keeps a transparent logo whole, with its alpha and without its metadata, and points LOGO at it', async () => {
    const input = await transparentLogo();
    expect(input.includes(SECRET)).toBe(true);
    const storedBefore = async () => (await db().select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, 'LOGO')))[0]?.value ?? null;
    const before = await storedBefore();

    const res = await upload(input);
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ data: { LOGO: string } }>(res).data.LOGO;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);

    const served = await app().inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('png');
    // Not cropped: fitted inside 512×512 at the upload's 4:1.
    expect([meta.width, meta.height]).toEqual([512, 128]);
    expect(meta.hasAlpha).toBe(true);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(SECRET)).toBe(false);
    // The corners stay see-through and the middle stays red.
    const { data, info } = await sharp(served.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4);
    expect(pixel(2, 2)[3]).toBe(0);
    expect(pixel(info.width - 3, info.height - 3)[3]).toBe(0);
    const middle = pixel(256, 64);
    expect(middle[3]).toBe(255);
    expect(middle[0]).toBeGreaterThan(180);
    expect(middle[2]).toBeLessThan(80);

    // Diners' settings name the new file, and the history holds who changed it from what.
    expect(await publicLogo()).toBe(url);
    const [line] = await audit();
    expect(line?.action).toBe('settings.update');
    expect(line?.subject).toBe('identity');
    expect(line?.details).toEqual({ before: { LOGO: before }, after: { LOGO: url } });

    // The staff settings view shows it in the identity group.
    const view = await call<{ data: { groups: { identity: { LOGO: string } } } }>(app(), 'GET', '/api/staff/settings', { headers: authHeaders(owner) });
    expect(view.body.data.groups.identity.LOGO).toBe(url);
    // Saving the group afterwards, as the screen's form then holds it, keeps the uploaded logo and records nothing new.
    const saved = await call<{ data: { LOGO: string } }>(app(), 'PUT', '/api/staff/settings/identity', {
      headers: { ...authHeaders(owner), ...EN },
      payload: view.body.data.groups.identity,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.LOGO).toBe(url);
    expect((await audit())[0]?.id).toBe(line?.id);
  });

  it('never enlarges a small logo, and a manager may upload one too', async () => {
    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#1f5c4a' } }).jpeg().toBuffer();
    const res = await upload(small, { token: manager, type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ data: { LOGO: string } }>(res).data.LOGO;
    const meta = await sharp((await app().inject({ method: 'GET', url })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 90]);
    expect((await audit())[0]?.actor).toContain('manager');
  });

  it('makes a large opaque logo (a photographed sign) a JPEG, still whole and without metadata', async () => {
    const sign = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .withExif({ IFD0: { Artist: SECRET } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(sign, { type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ data: { LOGO: string } }>(res).data.LOGO;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    const served = await app().inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 512, 341, undefined]);
    expect(served.rawPayload.length).toBeLessThan(200 * 1024);
  });

  it('refuses an SVG, text and an empty body as field errors, and leaves LOGO alone', async () => {
    const before = await publicLogo();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>';
    for (const [body, type, words] of [
      [svg, 'image/svg+xml', 'do not accept this file type'],
      [svg, 'image/png', 'do not accept this file type'],
      ['just some words, not a picture', 'image/png', 'not a photo we can read'],
      ['', 'image/png', 'No photo arrived'],
    ] as const) {
      const res = await upload(body, { type });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(422);
      expect(json<{ data: { LOGO: string[] } }>(res).data.LOGO[0]).toContain(words);
    }
    // A text or JSON body never reaches the logo code as an image; an unknown type is refused as such.
    const text = await upload('hello', { type: 'text/plain' });
    expect(text.statusCode).toBe(422);
    expect(json<{ data: { LOGO: string[] } }>(text).data.LOGO[0]).toContain('not a photo we can read');
    const odd = await upload('x', { type: 'application/x-something' });
    expect(odd.statusCode).toBe(415);
    expect(json<{ message: string }>(odd).message).toContain('do not accept');
    expect((await upload('{"a":1}', { type: 'application/json' })).statusCode).toBe(422);
    // A hostile JSON body is refused by the app's JSON parser before any logo code.
    const hostile = (await upload('{"__proto__":{"x":1}}', { type: 'application/json' })).statusCode;
    expect(hostile >= 400 && hostile < 500, String(hostile)).toBe(true);
    expect(await publicLogo()).toBe(before);
  });

  it('answers 401 without a sign-in and 403 to service staff, before reading the file', async () => {
    const input = await transparentLogo();
    const before = await publicLogo();
    expect((await upload(input, { token: null })).statusCode).toBe(401);
    expect((await upload(input, { token: service })).statusCode).toBe(403);
    expect(await publicLogo()).toBe(before);
  });

  it('refuses a file over 20 MB with a translated 413', async () => {
    const res = await app().inject({
      method: 'PUT',
      url: '/api/staff/settings/logo',
      headers: { ...XSRF_HEADERS, 'accept-language': 'de', ...authHeaders(owner), 'content-type': 'image/png' },
      payload: Buffer.alloc(20 * 1024 * 1024 + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(json<{ message: string }>(res).message).toContain('größer als 20 MB');
  });

  it('keeps the logo file when the orphan sweep runs', async () => {
    const url = String(await publicLogo());
    await db().update(t.mediaFiles).set({ createdAt: sql`now() - interval '2 days'` });
    await pruneOrphanFiles(db());
    expect((await app().inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
