import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/lib/precompress';
import { buildApp } from '../../src/server/app';
import { acceptedEncodings } from '../../src/server/plugins/compress';
import { backends, openTestApp } from './harness';

/**
 * Issue 16: every text file crosses the network compressed. The build's `.br` and `.gz` copies
 * (made here by the build step itself, on a client folder of our own) are sent by Accept-Encoding
 * with Vary; the hashed ones are cached for good; the per-request page and manifest are compressed
 * as they are sent; a client that accepts no encoding gets the bytes as they are.
 */
const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Schnitzel ${i}`, price: 1290 + i })))};\n`;
const css = `.menu-item{padding-inline:1rem;margin-block:.5rem}\n`.repeat(100);
const shell = `<!doctype html><html lang="de"><head><title>Build name</title></head><body><div id="root"><span class="shell__name" data-shell-name>Build name</span>${'<p class="shell__line">Lädt …</p>'.repeat(60)}</div></body></html>`;

const decode = (encoding: string | undefined, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('Accept-Encoding', () => {
  it('takes what the client accepts and nothing it refuses', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8').has('br')).toBe(false);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8').has('gzip')).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

for (const backend of backends()) {
  describe(`compression on ${backend}`, () => {
    let ctx: Awaited<ReturnType<typeof openTestApp>>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dir = '';
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'client-compress-'));
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), shell);
      writeFileSync(join(dir, 'staff.html'), shell.replace('Build name', 'Staff'));
      writeFileSync(join(dir, 'assets', 'index-AbCd1234.js'), script);
      writeFileSync(join(dir, 'assets', 'index-Xy_Z9876.css'), css);
      writeFileSync(join(dir, 'assets', 'tiny-Qw3rTy12.js'), 'export{};');
      writeFileSync(join(dir, 'assets', 'photo-Pq7Rs8Tu.woff2'), Buffer.alloc(4096, 7));
      writeFileSync(join(dir, 'sw.js'), script);
      await precompress(dir);
      ctx = await openTestApp(backend);
      app = await buildApp({ db: ctx.database.db, clientDir: dir });
    });
    afterAll(async () => {
      await app.close();
      await ctx.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes brotli and gzip copies of text files at build time, never of tiny or already compressed ones', () => {
      expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-AbCd1234.js.br'))).toString()).toBe(script);
      expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-AbCd1234.js.gz'))).toString()).toBe(script);
      expect(existsSync(join(dir, 'sw.js.br'))).toBe(true);
      expect(existsSync(join(dir, 'assets', 'tiny-Qw3rTy12.js.br'))).toBe(false);
      expect(existsSync(join(dir, 'assets', 'photo-Pq7Rs8Tu.woff2.br'))).toBe(false);
    });

    it('sends a hashed script as brotli, gzip or as it is, by Accept-Encoding, cached for good and varying by encoding', async () => {
      const url = '/assets/index-AbCd1234.js';
      const cases = [
        { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
        { accept: 'gzip, deflate', encoding: 'gzip' },
        { accept: 'br;q=0, gzip', encoding: 'gzip' },
        { accept: undefined, encoding: undefined },
        { accept: 'identity', encoding: undefined },
      ];
      for (const { accept, encoding } of cases) {
        const res = await app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode, String(accept)).toBe(200);
        expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(decode(encoding, res.rawPayload)).toBe(script);
        if (encoding) expect(res.rawPayload.length).toBeLessThan(script.length / 3);
        // No policy on a script: it governs documents and workers only, and costs bytes on every file.
        expect(res.headers['content-security-policy']).toBeUndefined();
      }
      const css = await app.inject({ method: 'GET', url: '/assets/index-Xy_Z9876.css', headers: { 'accept-encoding': 'br' } });
      expect(css.headers['content-encoding']).toBe('br');
      expect(css.headers['content-type']).toMatch(/text\/css/);
      expect(css.headers['cache-control']).toContain('immutable');
    });

    it('revalidates as before: each encoding its own ETag, a matching one answers 304 without a body', async () => {
      const url = '/assets/index-AbCd1234.js';
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const plain = await app.inject({ method: 'GET', url });
      const etag = String(br.headers.etag);
      expect(etag).not.toBe('undefined');
      expect(etag).not.toBe(String(plain.headers.etag));
      const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The other encoding's tag is not this body's: the full file is sent.
      const other = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(script);
    });

    it('sends the service worker and a file without a hash compressed, but revalidated on every visit', async () => {
      const sw = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(sw.headers['content-encoding']).toBe('br');
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['content-security-policy']).toBeDefined();
      expect(decode('br', sw.rawPayload)).toBe(script);
      const tiny = await app.inject({ method: 'GET', url: '/assets/tiny-Qw3rTy12.js', headers: { 'accept-encoding': 'br' } });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body).toBe('export{};');
    });

    it('compresses the page rendered per request and the web manifest, and the staff page from its build copy', async () => {
      for (const url of ['/', '/checkout', '/?table=T01']) {
        const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(br.headers['cache-control']).toBe('no-cache');
        expect(br.headers['content-security-policy']).toBeDefined();
        expect(decode('br', br.rawPayload)).toContain('<title>Gasthaus Lindenhof</title>');
      }
      const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode('gzip', gz.rawPayload)).toContain('<title>Gasthaus Lindenhof</title>');
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<title>Gasthaus Lindenhof</title>');

      const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
      expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
      expect(String(manifest.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(JSON.parse(decode(manifest.headers['content-encoding'], manifest.rawPayload))).toHaveProperty('name');

      const staff = await app.inject({ method: 'GET', url: '/staff/board', headers: { 'accept-encoding': 'br' } });
      expect(staff.headers['content-encoding']).toBe('br');
      expect(staff.headers['cache-control']).toBe('no-cache');
      expect(decode('br', staff.rawPayload)).toContain('<title>Staff</title>');
    });

    it('never compresses twice: an API answer decodes to its JSON with the one encoding it names', async () => {
      for (const url of ['/api/health', '/api/products/categories']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-encoding'] ?? '')).not.toContain(',');
        expect(() => JSON.parse(decode(res.headers['content-encoding'], res.rawPayload)) as unknown).not.toThrow();
      }
    });
  });
}
