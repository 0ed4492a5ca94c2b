/**
 * Photos (issue 14, decision 023): a staff upload is decoded, turned upright, stripped of its
 * metadata and encoded as the poster's variants, stored in the database and served immutable;
 * whatever is not a photo is refused with a field error, never a 500.
 */
import { deflateSync } from 'node:zlib';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category, Media, Product } from '../../src/shared/contract/catalog';
import { MAX_PHOTO_BYTES, type PhotoOwner } from '../../src/shared/contract/photos';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import { pruneOrphanFiles } from '../../src/server/admin/photos/store';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { call, XSRF_HEADERS } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@photos.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
const SECRET = 'SECRET-COOK-42';

/**
 * A phone photo lying on its side: stored 1200×600, red above blue, EXIF orientation 6 (turned a
 * quarter clockwise: shown 600×1200, blue left, red right), with GPS and an artist.
 */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c0392b' } })
    .composite([{ input: { create: { width: 1200, height: 300, channels: 3, background: '#2e86c1' } }, left: 0, top: 300 }])
    .withExif({
      IFD0: { Artist: SECRET, Make: 'PhonoCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const crc32 = (bytes: Buffer): number => {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};
/** A decompression bomb's header: a 30000×30000 PNG (900 megapixels, 2.7 GB decoded) in a few hundred bytes. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(30_000 * 3 + 1));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

describe.each(backends())('photos on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let owner: string;
  let service: string;
  let manager: string;
  let product: { id: number; categoryId: number };
  let category: { id: number };

  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}@photos.example`;
    const res = await call<{ data: StaffMember }>(app(), 'POST', '/api/staff/team', {
      headers: { ...authHeaders(owner), ...EN },
      payload: { name: `A ${role}`, email, role, password: 'staff-password-1' },
    });
    expect(res.status, res.text).toBe(201);
    return login(email, 'staff-password-1');
  };
  const upload = (target: string, id: number, body: Buffer | string, options: { token?: string | null; type?: string } = {}): Promise<LightMyRequestResponse> =>
    app().inject({
      method: 'PUT',
      url: `/api/staff/photos/${target}/${id}`,
      headers: {
        ...XSRF_HEADERS,
        ...EN,
        ...(options.token === null ? {} : authHeaders(options.token ?? owner)),
        'content-type': options.type ?? 'image/jpeg',
      },
      payload: body,
    });
  const json = <T>(res: LightMyRequestResponse) => JSON.parse(res.body) as T;
  const fetchMedia = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });
  const catalogProduct = async (): Promise<Product> => {
    const res = await call<{ data: Product[] }>(app(), 'GET', `/api/products/categories/${product.categoryId}/products`);
    const found = res.body.data.find((p) => p.id === product.id);
    if (!found) throw new Error('product not in its category');
    return found;
  };
  const versionOf = async () => (await call<{ data: { version: string } }>(app(), 'GET', '/api/products/version')).text;

  beforeAll(async () => {
    expect(await ensureOwner(db(), OWNER.email, OWNER.password)).toBe('created');
    owner = await login(OWNER.email, OWNER.password);
    service = await addStaff('service');
    manager = await addStaff('manager');
    const [p] = await db().select({ id: t.products.id, categoryId: t.products.categoryId }).from(t.products).where(eq(t.products.active, true)).orderBy(asc(t.products.id)).limit(1);
    const [c] = await db().select({ id: t.categories.id }).from(t.categories).orderBy(asc(t.categories.id)).limit(1);
    if (!p || !c) throw new Error('the seed has no product');
    product = p;
    category = c;
  });

  it('turns a phone photo into upright AVIF and WebP variants without its metadata, served immutable', async () => {
    const input = await phonePhoto();
    // The input really carries what must go: the artist's name, the GPS pointer (tag 0x8825) and the orientation.
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(input.includes(SECRET)).toBe(true);
    expect(inputMeta.exif && (inputMeta.exif.includes(Buffer.from([0x88, 0x25])) || inputMeta.exif.includes(Buffer.from([0x25, 0x88])))).toBe(true);

    const versionBefore = await versionOf();
    const res = await upload('product', product.id, input);
    expect(res.statusCode, res.body).toBe(200);
    const poster = json<{ data: PhotoOwner }>(res).data.poster as Media;
    expect(poster.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(Object.keys(poster.renditions ?? {}).sort()).toEqual(['circle', 'square', 'wide']);

    // Upright: the photo is 600 wide once turned, so no wide rendition is wider than 600 (no upscaling), and
    // the 16:10 crop only fits at 320; unturned (1200 wide) it would reach 960.
    const wide = poster.renditions?.wide ?? [];
    expect([...new Set(wide.map((r) => r.width))]).toEqual([320]);
    const square = poster.renditions?.square ?? [];
    expect([...new Set(square.map((r) => r.width))].sort((a, b) => a - b)).toEqual([320]);
    expect(new Set(wide.map((r) => r.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(poster.variants.wide).toBe(poster.url);

    for (const variant of ['circle', 'square', 'wide'] as const) {
      for (const r of poster.renditions?.[variant] ?? []) {
        const served = await fetchMedia(r.url);
        expect(served.statusCode, r.url).toBe(200);
        expect(served.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[r.format]);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe(r.format === 'avif' ? 'heif' : r.format);
        expect([meta.width, meta.height]).toEqual([r.width, r.height]);
        expect(meta.exif, `${r.url} keeps EXIF`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(served.rawPayload.includes(SECRET)).toBe(false);
        expect(served.rawPayload.includes('PhonoCam')).toBe(false);
      }
    }
    // Turned, not only cropped: any square of the upright photo is blue on the left and red on the right.
    const jpeg = await fetchMedia(poster.variants.square ?? '');
    const { data } = await sharp(jpeg.rawPayload).resize(2, 2, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const [left, right] = [data.subarray(0, 3), data.subarray(3, 6)];
    expect(left[2]).toBeGreaterThan(150);
    expect(left[0]).toBeLessThan(100);
    expect(right[0]).toBeGreaterThan(150);
    expect(right[2]).toBeLessThan(100);

    const revalidated = await fetchMedia(poster.url, { 'if-none-match': String((await fetchMedia(poster.url)).headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    // The diner's catalog carries the new poster with its renditions, and the menu's version changed.
    const seen = await catalogProduct();
    expect(seen.poster?.url).toBe(poster.url);
    expect(seen.poster?.renditions?.wide).toEqual(wide);
    expect(await versionOf()).not.toBe(versionBefore);
  });

  it('keeps a landscape photo at every phone width, and never wider than the source', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f5b041' } }).png().toBuffer();
    const res = await upload('category', category.id, photo, { token: manager, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const poster = json<{ data: PhotoOwner }>(res).data.poster as Media;
    const widths = (variant: 'wide' | 'square' | 'circle') => [...new Set((poster.renditions?.[variant] ?? []).map((r) => r.width))].sort((a, b) => a - b);
    expect(widths('wide')).toEqual([320, 640, 960]);
    expect(widths('square')).toEqual([320, 640, 960]);
    expect(widths('circle')).toEqual([160, 320]);
    for (const r of poster.renditions?.wide ?? []) expect(r.height).toBe(Math.round(r.width / 1.6));
    const categories = await call<{ data: Category[] }>(app(), 'GET', '/api/products/categories');
    expect(categories.body.data.find((c) => c.id === category.id)?.poster?.renditions?.wide?.length).toBe(7);
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#27ae60' } }).webp().toBuffer();
    const tiny = json<{ data: PhotoOwner }>(await upload('category', category.id, small, { type: 'image/webp' })).data.poster as Media;
    expect(Math.max(...(tiny.renditions?.wide ?? []).map((r) => r.width))).toBe(200);
    expect(Math.max(...(tiny.renditions?.square ?? []).map((r) => r.width))).toBe(150);
  });

  it('refuses what is not a photo with a field error, never a 500', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>';
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const cases: [string, Buffer | string, string, string][] = [
      ['a text file called .jpg', 'this is not a photo, just text', 'image/jpeg', 'not a photo we can read'],
      ['an SVG with a script', svg, 'image/svg+xml', 'do not accept this file type'],
      ['an SVG sent as a JPEG', svg, 'image/jpeg', 'do not accept this file type'],
      ['an HTML page carrying a JPEG', Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), jpeg]), 'image/jpeg', 'not a photo we can read'],
      ['a decompression bomb', pngBomb(), 'image/png', 'more than 60 megapixels'],
      ['a truncated JPEG', (await phonePhoto()).subarray(0, 2000), 'image/jpeg', 'not a photo we can read'],
      ['an empty body', Buffer.alloc(0), 'image/jpeg', ''],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'image/jpeg', 'not a photo we can read'],
    ];
    for (const [what, body, type, message] of cases) {
      const res = await upload('product', product.id, body, { type });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      const answer = json<{ data: { photo: string[] } }>(res);
      expect(answer.data.photo[0], what).toContain(message);
    }
    const german = await app().inject({
      method: 'PUT',
      url: `/api/staff/photos/product/${product.id}`,
      headers: { ...XSRF_HEADERS, ...authHeaders(owner), 'content-type': 'image/jpeg' },
      payload: 'kein Foto',
    });
    expect(json<{ data: { photo: string[] } }>(german).data.photo[0]).toContain('kein Foto, das wir lesen können');
    // Neither a JSON body nor an unknown content type reaches the photo code as a photo.
    expect((await upload('product', product.id, '{"a":1}', { type: 'application/json' })).statusCode).toBe(422);
    const odd = await upload('product', product.id, 'x', { type: 'application/x-something' });
    expect(odd.statusCode).toBe(415);
    expect(json<{ message: string }>(odd).message).toContain('do not accept this file type');
  });

  it('refuses a body above 20 MB with a translated 413', async () => {
    const res = await upload('product', product.id, Buffer.alloc(MAX_PHOTO_BYTES + 1024, 0xff));
    expect(res.statusCode).toBe(413);
    expect(json<{ message: string }>(res).message).toBe('This file is larger than 20 MB. Please choose a smaller photo.');
  });

  it('lets only owners and managers change photos; everyone on staff reads them', async () => {
    const photo = await phonePhoto();
    expect((await upload('product', product.id, photo, { token: null })).statusCode).toBe(401);
    expect((await upload('product', product.id, photo, { token: service })).statusCode).toBe(403);
    const remove = await call(app(), 'DELETE', `/api/staff/photos/product/${product.id}`, { headers: { ...authHeaders(service), ...EN } });
    expect(remove.status).toBe(403);
    const alt = await call(app(), 'PATCH', `/api/staff/photos/product/${product.id}`, { headers: { ...authHeaders(service), ...EN }, payload: { alt: { de: 'x' } } });
    expect(alt.status).toBe(403);
    const list = await call<{ data: PhotoOwner[] }>(app(), 'GET', '/api/staff/photos', { headers: authHeaders(service) });
    expect(list.status).toBe(200);
    expect(list.body.data.some((o) => o.target === 'menu')).toBe(true);
    expect(list.body.data.find((o) => o.target === 'product' && o.id === product.id)?.group).not.toBe('');
    expect((await call(app(), 'GET', '/api/staff/photos')).status).toBe(401);
    expect((await upload('product', 99_999, photo)).statusCode).toBe(404);
    expect((await upload('dish', 1, photo)).statusCode).toBe(422);
  });

  it('describes, removes and records every change in the history; orphaned files are pruned', async () => {
    const headers = { ...authHeaders(owner), ...EN };
    const uploaded = json<{ data: PhotoOwner }>(await upload('product', product.id, await phonePhoto())).data;
    const altRes = await call<{ data: PhotoOwner }>(app(), 'PATCH', `/api/staff/photos/product/${product.id}`, {
      headers,
      payload: { alt: { de: 'Kaiserschmarrn mit Puderzucker', en: ' ' } },
    });
    expect(altRes.status, altRes.text).toBe(200);
    expect(altRes.body.data.alt).toEqual({ de: 'Kaiserschmarrn mit Puderzucker' });
    // A new photo keeps the description.
    const replaced = json<{ data: PhotoOwner }>(await upload('product', product.id, await sharp({ create: { width: 900, height: 900, channels: 3, background: '#8e44ad' } }).jpeg().toBuffer())).data;
    expect(replaced.alt).toEqual({ de: 'Kaiserschmarrn mit Puderzucker' });
    expect(replaced.poster?.url).not.toBe(uploaded.poster?.url);

    for (const bad of [{ alt: 'text' }, { alt: { de: 5 } }, { alt: { de: 'x'.repeat(400) } }, { alt: { 'not a language': 'x' } }, {}, { alt: { de: 'a\u0000b' } }]) {
      const res = await call(app(), 'PATCH', `/api/staff/photos/product/${product.id}`, { headers, payload: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    const proto = await app().inject({
      method: 'PATCH',
      url: `/api/staff/photos/product/${product.id}`,
      headers: { ...XSRF_HEADERS, ...headers, 'content-type': 'application/json' },
      payload: '{"alt":{"__proto__":{"x":"y"},"constructor":"z","de":"ok"}}',
    });
    expect(proto.statusCode).toBeLessThan(500);

    const removed = await call<{ data: PhotoOwner }>(app(), 'DELETE', `/api/staff/photos/product/${product.id}`, { headers });
    expect(removed.status).toBe(200);
    expect(removed.body.data.poster).toBeNull();
    expect((await catalogProduct()).poster).toBeNull();
    const noPhoto = await call(app(), 'PATCH', `/api/staff/photos/product/${product.id}`, { headers, payload: { alt: { de: 'x' } } });
    expect(noPhoto.status).toBe(422);

    const log = await call<{ data: AuditEntry[] }>(app(), 'GET', '/api/staff/audit?limit=200', { headers });
    const mine = log.body.data.filter((e) => e.action.startsWith('photo.'));
    const removal = mine.find((e) => e.action === 'photo.remove');
    expect(removal?.details).toEqual({ before: { photo: replaced.poster?.url }, after: { photo: null } });
    expect(mine.find((e) => e.action === 'photo.alt')?.details).toMatchObject({ after: { alt: { de: 'Kaiserschmarrn mit Puderzucker' } } });
    expect(mine.filter((e) => e.action === 'photo.upload').length).toBeGreaterThanOrEqual(2);

    // Files nobody names any more go once a day old; the category's photo stays.
    const orphan = replaced.poster?.url ?? '';
    expect((await fetchMedia(orphan)).statusCode).toBe(200);
    await db().update(t.mediaFiles).set({ createdAt: sql`now() - interval '2 days'` });
    expect(await pruneOrphanFiles(db())).toBeGreaterThan(0);
    expect((await fetchMedia(orphan)).statusCode).toBe(404);
    const categoryPoster = (await call<{ data: Category[] }>(app(), 'GET', '/api/products/categories')).body.data.find((c) => c.id === category.id)?.poster;
    for (const r of categoryPoster?.renditions?.wide ?? []) expect((await fetchMedia(r.url)).statusCode).toBe(200);
    expect((await fetchMedia('/media/00000000000000000000000000000000.jpg')).statusCode).toBe(404);
  });
});
