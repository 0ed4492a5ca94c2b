import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Request } from 'playwright-core';
import { tables } from '../src/server/db/seed/data/operations';
import { DIST as dist, freePort, requireBuild, startBuiltServer } from './lib/built-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium-flags';

/**
 * `npm run size`: the budgets of the storefront, measured rather than guessed.
 * 1. JavaScript TRANSFERRED by a first visit of `/`, `/?table=CODE` and `/checkout` (issue 16): what
 *    Chromium received over the network for each script (compressed body and headers), from the
 *    production server on the built app, in a new browser profile. The goal is 150 KB each; CI fails
 *    above today's ceiling and names the gap to the goal.
 * 2. Server cold start on an existing data directory: time from `node dist-server/serve.js` (what
 *    `npm start` runs) to the first answered request (median of 3).
 */
// Until issue 16 this was 184.5 KB of what gzip -9 would make of the files, while the server sent
// them uncompressed (563 KB on the wire for `/`). Now it is what the network carries.
const JS_GOAL_BYTES = 150 * 1024;
/**
 * What CI fails on: the measured figures plus 1.5 KB, and never above the goal. `/` was at 148.7-150.0 KB
 * (12 or 13 files) since its static imports came in three chunks and Dexie waited for stored data
 * (issue 16); a table adds Dexie (27.3 KB) to keep its session. Since the chunk groups follow only
 * what a feature's index re-exports to the first page (scripts/lib/first-page-graph.ts), yup and the
 * account forms left the first page's files: `/` 138.9 KB, a table 166.3 KB. `/checkout` needs yup,
 * now a file of its own: 176.7 KB, 1.0 KB more than when it came inside the shared chunk. Since the
 * device's data goes through our own 0.4 KB IndexedDB calls instead of Dexie (decision 046), a table
 * loads what `/` loads: 139.5-139.7 KB both, the checkout 177.3-177.5 KB. Since the checkout's form (formik,
 * yup, the address finder) loads with a cart rather than with the page (features/checkout/index.ts),
 * a first visit of `/checkout`, which never has a cart, is 132.8 KB: all three pages are under the
 * goal, so the ceiling is one for all, below it. At 141.0 KB it was reached (144,402 bytes, 18 over)
 * by the toasts that follow the language; the checkout's form and the address forms then took their
 * strings into catalogs of their own, loaded with them (lingui.config.ts): `/` and a table 139.1 KB
 * (142,466 bytes), the checkout 131.3 KB.
 * Lower it as the pages shed code; never raise it to let a change through.
 */
const JS_CEILING_BYTES = 140.6 * 1024;
requireBuild();

// A real table of the demo restaurant, as its QR code opens it.
const TABLE_CODE = tables[0]?.code ?? 'T01';
/**
 * Each page with what shows once it is ready. `/checkout` on a first visit has an empty cart (the
 * cart lives on the device, so no first visit has one); the demo restaurant lets guests check out,
 * so it is the checkout page, not the sign-in redirect.
 */
const PAGES: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { path: '/', ready: (page) => page.waitForSelector('.category-chip') },
  { path: `/?table=${TABLE_CODE}`, ready: (page) => page.waitForSelector('.category-chip') },
  { path: '/checkout', ready: (page) => page.waitForSelector('.checkout-page h1') },
];

interface Transfer {
  file: string;
  bytes: number;
  encoding: string;
}

async function firstVisitJs(origin: string, path: string, ready: (page: Page) => Promise<unknown>): Promise<{ page: Transfer[]; worker: Transfer[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const fromPage: Promise<Transfer>[] = [];
  const fromWorker: Promise<Transfer>[] = [];
  try {
    // A first visit: a new profile, no cache; the service worker registers as it would.
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
    const onFinished = (request: Request) => {
      const url = new URL(request.url());
      if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
      // What crossed the network: the body as sent (compressed) and the response headers.
      const transfer = Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        file: url.pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        encoding: response?.headers()['content-encoding'] ?? 'identity',
      }));
      // A script finishing as the window closes may have its sizes asked of a closed page: that one is
      // after the first visit anyway, and must not end the run with an unhandled rejection (CI, stop 30).
      transfer.catch(() => undefined);
      (request.serviceWorker() ? fromWorker : fromPage).push(transfer);
    };
    context.on('requestfinished', onFinished);
    const page = await context.newPage();
    // Not `networkidle`: the page keeps a live stream open. What loads until the page is ready, plus a
    // second, is the first visit; chunks loaded later, when the browser is idle, are not (decision 007).
    await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    await ready(page);
    await page.waitForTimeout(1_000);
    // The window of the first visit ends here: later scripts are not counted.
    context.off('requestfinished', onFinished);
    const settled = { page: await Promise.all(fromPage), worker: await Promise.all(fromWorker) };
    await context.close();
    return settled;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const sum = (list: Transfer[]) => list.reduce((n, f) => n + f.bytes, 0);
const server = await startBuiltServer();
const over: string[] = [];
const checkoutPageFiles = new Set<string>();
try {
  for (const { path, ready } of PAGES) {
    const { page, worker } = await firstVisitJs(server.origin, path, ready);
    const total = sum(page);
    if (path === '/checkout') for (const f of page) checkoutPageFiles.add(f.file);
    console.log(`JavaScript transferred by a first visit of ${path}:`);
    for (const f of page.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(f.bytes)}  ${f.file} (${f.encoding})`);
    console.log(`  ${kb(total)}  total (${total} bytes), ${page.length} files (goal ${JS_GOAL_BYTES / 1024} KB, ceiling ${(JS_CEILING_BYTES / 1024).toFixed(1)} KB)`);
    if (total > JS_GOAL_BYTES) console.log(`  Goal not reached yet: ${((total - JS_GOAL_BYTES) / 1024).toFixed(1)} KB to shed.`);
    // The worker's own fetches (its script, the precache) are reported, not budgeted: they are not what the page waits for.
    if (worker.length) console.log(`  ${kb(sum(worker))}  fetched by the service worker meanwhile (${worker.length} files, not budgeted)`);
    const ceiling = JS_CEILING_BYTES;
    if (total > ceiling) over.push(`${path}: ${total} bytes, over by ${total - ceiling} bytes`);
  }
} finally {
  await server.stop();
}

/** What a file costs on the wire: its brotli copy when the build wrote one (the server sends that), else the file. */
const transferred = (file: string) => statSync(existsSync(join(dist, `${file}.br`)) ? join(dist, `${file}.br`) : join(dist, file)).size;

/** What `npm start` runs: the compiled server, no TypeScript loader (issue 16 asks the start of that). */
const SERVER_ENTRY = join('dist-server', 'serve.js');

/**
 * Time from spawning the server to its first answered request. CI's run of d389abe waited the
 * whole 180 s on a server that never answered, with nothing to say why: the port was a random
 * one (in use already, the server exits on EADDRINUSE) and the server's stderr was thrown away.
 * Now the port is asked of the OS, the server's errors show, and one that exits fails at once.
 */
async function timeColdStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a shared, busy machine a migration and seed have taken over a minute.
  while (performance.now() - started < 180_000 && child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/settings`)).ok) {
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        await exited;
        return ms;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before answering (${child.exitCode ?? child.signalCode})`);
  child.kill('SIGKILL');
  await exited;
  throw new Error('the server did not answer within 180 s');
}

/**
 * The staff side's downloads (issue 14 asks for them in the closing note): what opening /staff
 * loads before any screen, and what each lazily loaded screen adds on top. Reported, not budgeted:
 * staff devices are the restaurant's own, on its own Wi-Fi.
 */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
/** A chunk's files with everything it imports statically (what loading it fetches). */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const next of chunk.imports ?? []) staticClosure(next, into);
  return into;
}
const size = (files: Iterable<string>) => [...files].reduce((n, f) => n + transferred(f), 0);
function staffChunks(): { name: string; bytes: number }[] {
  const entry = staticClosure('staff.html');
  const rows = [{ name: 'staff entry (sign-in, navigation)', bytes: size(entry) }];
  for (const key of manifest['staff.html']?.dynamicImports ?? []) {
    const own = [...staticClosure(key)].filter((f) => !entry.has(f));
    rows.push({ name: key.replace(/^src\/client\/staff\//, ''), bytes: size(own) });
  }
  return rows;
}
// Reported, not budgeted: what the checkout's form adds once there is a cart (it loads with the
// route's data then, typically preloaded from the menu's checkout link).
// Its strings come beside it: the loader of its catalogs and both catalogs in the default language (German).
const formKeys = [
  'src/client/features/checkout/CheckoutForm.tsx',
  'src/client/features/checkout/messages.ts',
  'src/client/features/checkout/locales/de/messages.po',
  'src/client/features/addresses/locales/de/messages.po',
];
const movedForm = formKeys.filter((key) => !manifest[key]);
if (movedForm.length) throw new Error(`The checkout form's files moved: ${movedForm.join(', ')} not in the build`);
const formFiles = new Set<string>();
for (const key of formKeys) staticClosure(key, formFiles);
for (const f of formFiles) if (!f.endsWith('.js') || checkoutPageFiles.has(`/${f}`)) formFiles.delete(f);
console.log(`The checkout's form, loaded with a cart: ${kb(size(formFiles)).trim()} more in ${formFiles.size} files (brotli, as sent).`);
console.log('The staff side (brotli, as sent): the entry, then what each screen adds when opened:');
for (const row of staffChunks()) console.log(`  ${kb(row.bytes)}  ${row.name}`);

// The server was built afresh by startBuiltServer, so the figure is of the sources under test.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-cold-'));
try {
  const create = await timeColdStart(dataDir);
  const runs = [await timeColdStart(dataDir), await timeColdStart(dataDir), await timeColdStart(dataDir)].sort((a, b) => a - b);
  console.log(`Server start on a new data directory (create, migrate, seed): ${Math.round(create)} ms`);
  console.log(
    `Server cold start on an existing data directory, process start to first answered request: median ${Math.round(runs[1] ?? 0)} ms (runs: ${runs.map(Math.round).join(', ')} ms)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (over.length) {
  for (const line of over) console.error(`Over the first-visit JavaScript ceiling on ${line}.`);
  process.exit(1);
}
