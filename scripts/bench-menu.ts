/**
 * `npm run bench:menu [-- out.json]`: the catalog read diners hit most (a category's products,
 * `GET /api/products/categories/<first>/products`, or BENCH_MENU_PATH) at high concurrency,
 * against a trivial Fastify route answering a fixed JSON document of the same bytes, in the same
 * run, with the same generator.
 *
 * The product runs as its own process (BENCH_SERVER_CMD in BENCH_SERVER_DIR, as in bench-orders)
 * on a fresh PGlite DATA_DIR, the reference as another; the generator is wrk (Debian's `wrk`
 * package) with BENCH_MENU_CONNECTIONS (64) connections for BENCH_MENU_SECONDS (5) per run,
 * BENCH_RUNS (3) runs interleaved product, reference…, after a warm-up; medians are reported:
 * requests/s, p50/p99 latency and the server process's CPU time per request.
 * Exits non-zero only when a request failed (a non-2xx answer or a socket error).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from './lib/bench-processes';
import { behind, median, prepareStorage, productCommand, round, startProduct, startReference } from './lib/bench-servers';
import { envInt, formatTable } from './lib/order-load';

const RUNS = Math.max(1, envInt('BENCH_RUNS', 3));
const SECONDS = Math.max(1, envInt('BENCH_MENU_SECONDS', 5));
const CONNECTIONS = Math.max(1, envInt('BENCH_MENU_CONNECTIONS', 64));

type Side = 'product' | 'reference';

interface WrkFigures {
  requests: number;
  perSec: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

interface RunFigures extends WrkFigures {
  side: Side;
  run: number;
  cpuMsPerRequest: number;
}

/** "1.23ms", "850.00us", "1.02s" in milliseconds. */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return round(match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000, 3);
}

function parseWrk(output: string): WrkFigures {
  const pick = (re: RegExp) => re.exec(output)?.[1] ?? '';
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketFailed = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requests: Number(pick(/(\d+) requests in/)),
    perSec: Number(pick(/Requests\/sec:\s+([\d.]+)/)),
    p50: ms(pick(/^\s+50%\s+(\S+)/m)),
    p99: ms(pick(/^\s+99%\s+(\S+)/m)),
    max: ms(pick(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m)),
    failed: Number(pick(/Non-2xx or 3xx responses: (\d+)/) || 0) + socketFailed,
  };
}

function wrk(url: string, seconds: number): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '--latency', '-H', 'accept-language: en', url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(output) : fail(new Error(`wrk exited with ${code}: ${output}`))));
  });
}

async function measure(side: Side, run: number, server: ServerProcess, url: string): Promise<RunFigures> {
  const before = server.cpuMs();
  const figures = parseWrk(await wrk(url, SECONDS));
  // A server slower than the offered load still has requests queued when wrk stops: let it finish
  // them here, so their CPU counts in this run and not in the other server's.
  await fetch(server.healthUrl, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
  const cpu = server.cpuMs() - before;
  // With no request completed there is no latency to report (wrk prints zeros).
  if (figures.requests === 0) Object.assign(figures, { p50: NaN, p99: NaN, max: NaN });
  return { side, run, ...figures, cpuMsPerRequest: round(cpu / Math.max(1, figures.requests), 3) };
}

function summarize(runs: RunFigures[]) {
  return {
    perSec: round(median(runs.map((r) => r.perSec)), 0),
    p50: round(median(runs.map((r) => r.p50)), 2),
    p99: round(median(runs.map((r) => r.p99)), 2),
    max: round(median(runs.map((r) => r.max)), 1),
    cpuMsPerRequest: round(median(runs.filter((r) => r.requests > 0).map((r) => r.cpuMsPerRequest)), 3),
  };
}

async function main(): Promise<void> {
  const outFile = process.argv[2];
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is a problem.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('bench:menu needs wrk (Debian: apt-get install wrk)');
  }
  const storage = await prepareStorage('pglite');
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-bench-menu-'));
  const servers: ServerProcess[] = [];
  try {
    const { server: product } = await startProduct(storage);
    servers.push(product);
    let path = process.env.BENCH_MENU_PATH?.trim();
    if (!path) {
      const res = await fetch(`${product.origin}/api/products/categories`, { headers: { 'accept-language': 'en' } });
      const { data } = (await res.json()) as { data: { id: number }[] };
      if (!data[0]) throw new Error('the catalog has no category');
      path = `/api/products/categories/${data[0].id}/products`;
    }
    const sample = await fetch(`${product.origin}${path}`, { headers: { 'accept-language': 'en' } });
    if (!sample.ok) throw new Error(`GET ${path}: HTTP ${sample.status}`);
    const body = await sample.text();
    const menuFile = join(workDir, 'menu.json');
    writeFileSync(menuFile, body);
    const reference = await startReference(storage, menuFile);
    servers.push(reference);
    const notes = [
      `product: ${productCommand().label}, GET ${path} (${Buffer.byteLength(body)} bytes, ETag ${sample.headers.get('etag') ?? 'none'}, Cache-Control ${sample.headers.get('cache-control') ?? 'none'})`,
      `reference: GET /ref/menu, the same bytes from a string`,
      `wrk: ${CONNECTIONS} connections, 1 thread, ${RUNS} runs of ${SECONDS} s per side, interleaved; medians.`,
    ];
    for (const note of notes) console.log(note);

    const sides: [Side, ServerProcess, string][] = [
      ['product', product, `${product.origin}${path}`],
      ['reference', reference, `${reference.origin}/ref/menu`],
    ];
    for (const [, server, url] of sides) {
      await wrk(url, 3); // warm-up
      await fetch(server.healthUrl, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
    }
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const [side, server, url] of sides) {
        const figures = await measure(side, run, server, url);
        runs.push(figures);
        console.log(`run ${run} ${side.padEnd(9)} ${figures.perSec.toFixed(0).padStart(7)} req/s  p99 ${figures.p99} ms  CPU ${figures.cpuMsPerRequest} ms/request${figures.failed ? `  ${figures.failed} FAILED` : ''}`);
      }
    }
    const p = summarize(runs.filter((r) => r.side === 'product'));
    const ref = summarize(runs.filter((r) => r.side === 'reference'));
    console.log(
      `\n${formatTable([
        ['metric (median)', 'product', 'reference', 'product behind'],
        ['requests/s', String(p.perSec), String(ref.perSec), behind(p.perSec, ref.perSec, true)],
        ['p50 ms', String(p.p50), String(ref.p50), behind(p.p50, ref.p50, false)],
        ['p99 ms', String(p.p99), String(ref.p99), behind(p.p99, ref.p99, false)],
        ['max ms', String(p.max), String(ref.max), behind(p.max, ref.max, false)],
        ['CPU ms/request', String(p.cpuMsPerRequest), String(ref.cpuMsPerRequest), behind(p.cpuMsPerRequest, ref.cpuMsPerRequest, false)],
      ])}\n`,
    );
    const goal = `${p.perSec >= 5000 && p.p99 <= 10 ? 'PASS' : 'FAIL'}  menu: >= 5,000 requests/s at p99 <= 10 ms (measured ${p.perSec} requests/s, p99 ${p.p99} ms)`;
    console.log(goal);
    if (outFile) {
      writeFileSync(outFile, `${JSON.stringify({ node: process.version, notes, goals: [goal], median: { product: p, reference: ref }, runs }, null, 2)}\n`);
      console.log(`Results written to ${outFile}`);
    }
    if (runs.some((r) => r.failed > 0)) process.exitCode = 1;
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
    await storage.remove();
  }
}

await main();
