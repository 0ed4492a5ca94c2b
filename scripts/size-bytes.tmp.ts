import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { restaurant } from '../src/server/db/seed/data';
import { seedIfEmpty } from '../src/server/db/seed/seed';

/**
 * `npm run size`: the budgets of the storefront issue, measured rather than guessed.
 * 1. JavaScript a first visit of `/` loads (gzip), against the 182 KB budget (decision 014): fails when over.
 * 2. Server cold start on an existing data directory: time to the first answered request (median of 3).
 */
// 170 KB until issue 4: the session query, coin balance and account menu on every page, and the finer chunks they caused, took it to 176 KB.
// 180 KB until issue 12: the one scrolling menu with its search, scroll-spy, one-tap "+" and cart bar is the first
// screen now (178.5 KB before; 180.4 KB after moving the product sheets, the cart drawer and the footer out of it).
const JS_BUDGET_BYTES = 182 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

async function firstVisitJs(): Promise<{ file: string; gzip: number }[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedIfEmpty(database.db, restaurant);
  const app = await buildApp({ db: database.db, listen: database.listen, clientDir: dist });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const files = new Set<string>();
  try {
    // A first visit: empty profile, and the worker's precache is not counted (it loads after the page).
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('.js')) files.add(url.pathname);
    });
    // Not `networkidle`: the page keeps a live stream open. What loads once the menu shows, plus a
    // second, is the first visit; chunks loaded later, when the browser is idle, are not (decision 007).
    await page.goto(`${address}/`, { waitUntil: 'load' });
    await page.waitForSelector('.category-chip');
    await page.waitForTimeout(1_000);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
  return [...files].sort().map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
}

function timeColdStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/serve.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR: dist },
      stdio: 'ignore',
    });
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/settings`);
        if (res.ok) {
          const ms = performance.now() - started;
          child.kill('SIGTERM');
          child.once('exit', () => resolve(ms));
          return;
        }
      } catch {
        // Not listening yet.
      }
      // Generous: on a shared, busy machine a migration and seed have taken over a minute.
      if (performance.now() - started > 180_000) {
        child.kill('SIGKILL');
        reject(new Error('server did not answer within 180 s'));
      } else setTimeout(poll, 25);
    };
    void poll();
  });
}

const js = await firstVisitJs();
console.log("TOTAL_BYTES", js.reduce((a, f) => a + f.gzip, 0)); process.exit(0);
