// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_NAMES, fontUrl } from '../../src/shared/contract/branding';
import { catalogLanguage, PRECACHED_LANGUAGES } from '../../src/shared/i18n/locales';

/**
 * The build's own answer to "does the app open offline on every screen": the worker's precache
 * list, checked against the chunks Vite made for each route (and everything they load).
 */
interface Chunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const root = join(import.meta.dirname, '..', '..');
const routesDir = join(root, 'src', 'client', 'routes');
let outDir = '';
let manifest: Record<string, Chunk> = {};
let precached = new Set<string>();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'precache-build-'));
  await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] ?? ''));
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A language's catalogs the worker keeps only once a diner reads that language (decision 027). */
const laterLanguage = (key: string) => {
  const lang = catalogLanguage(key);
  return lang !== null && !PRECACHED_LANGUAGES.includes(lang);
};

/** A chunk's file, its styles and everything it imports, statically or lazily, transitively (other languages' catalogs aside). */
function closure(keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || laterLanguage(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  keys.forEach(visit);
  return files;
}

describe('the service worker precache', () => {
  const routeFiles = readdirSync(routesDir).filter((f) => f.endsWith('.tsx') && f !== '__root.tsx');

  it('knows the routes (the list below is not empty by accident)', () => {
    expect(routeFiles).toContain('checkout.tsx');
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles)('holds every chunk route %s needs', (file) => {
    const keys = Object.keys(manifest).filter((k) => k.startsWith(`src/client/routes/${file}?`) || k === `src/client/routes/${file}`);
    if (keys.length === 0) {
      // Only a route with nothing to render (a redirect) stays whole in the entry chunk, which the shell test covers.
      expect(readFileSync(join(routesDir, file), 'utf8'), `no chunk for ${file}`).not.toMatch(/component\s*:/);
      return;
    }
    const missing = [...closure(keys)].filter((f) => !precached.has(f));
    expect(missing).toEqual([]);
  });

  it('holds the app shell: the page, its entry chunk and styles', () => {
    expect(precached.has('index.html')).toBe(true);
    const missing = [...closure(['index.html'])].filter((f) => !precached.has(f));
    expect(missing).toEqual([]);
  });

  it('holds nothing only the staff side loads, whatever its chunk is named (an editor library must not reach a diner)', () => {
    const diner = closure(['index.html']);
    const staffOnly = [...closure(['staff.html'])].filter((f) => !diner.has(f));
    expect(staffOnly.length).toBeGreaterThan(3);
    expect(staffOnly.filter((f) => precached.has(f))).toEqual([]);
    expect(precached.has('staff.html')).toBe(false);
  });

  it('installs the catalogs of German and English only: a diner reading Türkçe does not download ten other languages', () => {
    const catalogs = Object.keys(manifest).filter((k) => catalogLanguage(k) !== null && !k.includes('/staff/'));
    expect(catalogs.filter((k) => catalogLanguage(k) === 'tr').length).toBeGreaterThanOrEqual(7);
    for (const key of catalogs) {
      const file = manifest[key]?.file ?? '';
      expect(precached.has(file), key).toBe(!laterLanguage(key));
    }
  });

  it('leaves the shipped fonts to the worker\'s font cache: a first visit does not download four to use one (decision 019)', () => {
    for (const name of FONT_NAMES) expect(precached.has(fontUrl(name).slice(1)), name).toBe(false);
    // The manifest is the server's, from settings: no stale build-time copy in the precache.
    expect(precached.has('manifest.webmanifest')).toBe(false);
  });
});
