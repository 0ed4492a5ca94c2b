import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backends, openTestApp } from './harness';

/**
 * The QR scanner works offline and never asks a CDN (decision 002): the decoder's wasm is part of
 * our build, served by our server as WebAssembly, in the worker's precache, and the page may
 * compile it. Checked on a real build, since that is where the file's name and the list are made.
 */
const root = join(import.meta.dirname, '..', '..');
let outDir = '';
let wasmFile = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'scanner-build-'));
  await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  wasmFile = readdirSync(join(outDir, 'assets')).find((f) => /^zxing_reader-.+\.wasm$/.test(f)) ?? '';
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

for (const backend of backends()) {
  describe(`the scanner's decoder on ${backend}`, () => {
    let ctx: Awaited<ReturnType<typeof openTestApp>>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      ctx = await openTestApp(backend);
      app = await buildApp({ db: ctx.database.db, clientDir: outDir });
    });
    afterAll(async () => {
      await app.close();
      await ctx.dispose();
    });

    it('is served from our own origin as application/wasm, cached for good under its hashed name', async () => {
      expect(wasmFile).not.toBe('');
      const res = await app.inject({ method: 'GET', url: `/assets/${wasmFile}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/wasm');
      expect(res.headers['cache-control']).toContain('immutable');
      // A real WebAssembly module: its magic number, and as large as the reader is.
      expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
      expect(res.rawPayload.length).toBeGreaterThan(500_000);
    });

    it("is in the service worker's precache, and the scanner's chunk loads exactly that file", async () => {
      const sw = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(sw.statusCode).toBe(200);
      const precached = [...sw.body.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
      expect(precached).toContain(`assets/${wasmFile}`);
      const chunk = precached.find((u) => /^assets\/ScanDialog-.+\.js$/.test(u ?? ''));
      expect(chunk).toBeDefined();
      // The scanner's own chunk is precached too, and it names the wasm file of this build.
      const code = readFileSync(join(outDir, chunk ?? ''), 'utf8');
      expect(code).toContain(wasmFile);
      // Other large files stay out of the precache: the raised size limit is the wasm's alone.
      const bigOnes = precached.filter((u) => u && readFileSync(join(outDir, u)).length > 600 * 1024);
      expect(bigOnes).toEqual([`assets/${wasmFile}`]);
    });

    it('may be compiled under the page CSP, which allows WebAssembly and nothing broader', async () => {
      const page = await app.inject({ method: 'GET', url: '/' });
      const csp = String(page.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.split(' ').sort()).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp).not.toContain("'unsafe-eval'");
    });
  });
}
