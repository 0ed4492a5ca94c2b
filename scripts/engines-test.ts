/**
 * `npm run test:engines` (issue 17, part 5): the core journeys in Gecko and WebKit, not only in
 * Chromium. Debian's firefox-esr (WebDriver BiDi through puppeteer-core) and WebKitGTK's
 * MiniBrowser (Debian's WebKitWebDriver through webdriverio, on a virtual display); `.ci/run`
 * installs both. Runs the compiled server on a fresh embedded database, open around the clock, and
 * stops it for the offline journey. ENGINES=firefox or ENGINES=webkit runs one engine.
 * Fails when a journey fails or an engine is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tables } from '../src/server/db/seed/data/operations';
import { launch, missingFor, type Engine } from '../tests/engines/driver';
import { JOURNEYS } from '../tests/engines/journeys';
import { buildServer, entry as serverEntry } from './build-server.mjs';
import { openAllDay, openRaw } from './lib/bench-servers';
import { DIST, freePort, requireBuild } from './lib/built-server';

const ENGINES = (process.env.ENGINES ?? 'firefox,webkit').split(',').map((e) => e.trim()) as Engine[];
const TABLE_CODE = tables[0]?.code ?? 'T01';

requireBuild();
await buildServer();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-engines-'));
let server: ChildProcess | undefined;

async function serverUp(): Promise<void> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR: DIST, RATE_LIMIT_SCALE: '50', ...OWNER },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function serverDown(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The staff side's first owner, for what the floor does in a journey (acknowledging a table's call). */
const OWNER = { OWNER_EMAIL: 'owner@engines.example', OWNER_PASSWORD: 'engines-owner-password' };

const JSON_BODY = { 'content-type': 'application/json' };

/** The owner's headers: the anti-forgery cookie from any answer, then a token signed in once for the run. */
async function signIn(): Promise<Record<string, string>> {
  const health = await fetch(`${origin}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(';'))?.[1] ?? '';
  const base = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const login = await fetch(`${origin}/api/staff/login`, {
    method: 'POST',
    headers: { ...base, ...JSON_BODY },
    body: JSON.stringify({ email: OWNER.OWNER_EMAIL, password: OWNER.OWNER_PASSWORD }),
  });
  if (!login.ok) throw new Error(`staff sign-in: ${login.status} ${await login.text()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return { ...base, authorization: `Bearer ${token}` };
}
let ownerHeaders: Promise<Record<string, string>> | undefined;

/** The staff API as that owner. */
async function staff<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  ownerHeaders ??= signIn();
  const res = await fetch(`${origin}/api/staff${path}`, {
    method,
    headers: { ...(await ownerHeaders), ...(body === undefined ? {} : JSON_BODY) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`staff ${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const failures: string[] = [];
try {
  // First start seeds the demo restaurant; then every day is opened all day, so "now" orders work whenever CI runs.
  await serverUp();
  await serverDown();
  const raw = await openRaw(undefined, dataDir);
  await openAllDay(raw);
  await raw.close();
  await serverUp();

  for (const engine of ENGINES) {
    const missing = missingFor(engine);
    if (missing) {
      failures.push(`${engine}: not installed (${missing}; .ci/run does)`);
      continue;
    }
    const started = performance.now();
    const driver = await launch(engine, await freePort());
    try {
      for (const journey of JOURNEYS) {
        const t0 = performance.now();
        try {
          await journey.run({ driver, origin, tableCode: TABLE_CODE, serverDown, serverUp, staff });
          console.log(`ok   ${engine}: ${journey.name} (${Math.round(performance.now() - t0)} ms)`);
        } catch (error) {
          failures.push(`${engine}: ${journey.name}: ${error instanceof Error ? error.message : String(error)}`);
          console.log(`FAIL ${engine}: ${journey.name} (${Math.round(performance.now() - t0)} ms)`);
          if (!server) await serverUp();
        }
      }
    } finally {
      await driver.close();
    }
    console.log(`${engine}: ${JOURNEYS.length} journeys in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await serverDown();
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  for (const f of failures) console.error(f);
  process.exit(1);
}
console.log(`The core journeys pass in ${ENGINES.join(' and ')}.`);
