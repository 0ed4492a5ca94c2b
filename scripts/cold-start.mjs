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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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

/**
 * CPU time (user + system) the server process has used so far, on Linux: on a shared machine the
 * wall time swings with the neighbours' load, the work done much less.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
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
  const cpu = cpuMs(child.pid);
  const gone = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await gone;
  return { ms, cpu };
}

try {
  const first = await once();
  console.log(`first start (creates the data directory, builds what is stale): ${Math.round(first.ms)} ms`);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  const middle = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const times = results.map((r) => r.ms);
  const median = middle([...times]);
  console.log(`cold start on an existing data directory: median ${Math.round(median)} ms of ${runs} (${times.map((t) => Math.round(t)).join(', ')}), budget ${budget} ms, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`CPU time of the server until that answer: median ${Math.round(middle(results.map((r) => r.cpu)))} ms`);
  if (median > budget) {
    console.error(`cold start above budget: ${Math.round(median)} ms > ${budget} ms`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
