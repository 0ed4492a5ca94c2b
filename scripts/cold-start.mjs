/**
 * Cold start on an existing data directory: time from spawning the server process to its first
 * answered GET /api/health, median of RUNS (default 5). The first, uncounted, start creates and
 * seeds the data directory and builds what is stale. Fails (exit 1) when the median is above
 * COLD_START_BUDGET_MS (default 1000).
 *
 *   node scripts/cold-start.mjs                 # `npm start`'s way: node scripts/start.mjs
 *   COLD_START_CMD="npx tsx src/server/serve.ts" node scripts/cold-start.mjs   # any other command
 *
 * Plain JavaScript, so the measurement itself pays no TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.COLD_START_PORT ?? 4610);
const runs = Number(process.env.RUNS ?? 5);
const budget = Number(process.env.COLD_START_BUDGET_MS ?? 1000);
const command = (process.env.COLD_START_CMD ?? `${process.execPath} scripts/start.mjs`).split(' ');
const dataDir = mkdtempSync(join(tmpdir(), 'cold-start-'));

async function healthy() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

async function once() {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before answering');
    if (await healthy()) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  const gone = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await gone;
  return ms;
}

try {
  const first = await once();
  console.log(`first start (creates the data directory, builds what is stale): ${Math.round(first)} ms`);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`cold start on an existing data directory: median ${Math.round(median)} ms of ${runs} (${times.map((t) => Math.round(t)).join(', ')}), budget ${budget} ms`);
  if (median > budget) {
    console.error(`cold start above budget: ${Math.round(median)} ms > ${budget} ms`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
