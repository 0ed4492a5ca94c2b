import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, entry as serverEntry } from '../build-server.mjs';

/** The build `npm run build` writes; the budgets measure it, never the dev server. */
export const DIST = join(import.meta.dirname, '..', '..', 'dist');

export function requireBuild(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('No build in dist/: run `npm run build` first.');
    process.exit(1);
  }
}

/** A port nobody listens on now: asked of the OS, so parallel runs on one machine never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface BuiltServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The production server, compiled as `npm start` runs it (built afresh, under a second), in its
 * own process on a new data directory seeded with the demo restaurant: what a diner's phone talks
 * to, without sharing an event loop with the measuring tool. The budgets' runs are also CI's test
 * of the compiled bundle.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  await buildServer();
  const port = Number(process.env.BUDGET_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-budget-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CLIENT_DIR: process.env.BUDGET_CLIENT_DIR ?? DIST, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Interrupted (Ctrl-C, a CI timeout): the server goes too, not left listening on its own.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  // Generous: on a shared, busy machine a migration and seed have taken over a minute.
  while (performance.now() - started < 180_000) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the built server did not answer on ${origin}`);
}
