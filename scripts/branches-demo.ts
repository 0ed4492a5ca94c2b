/**
 * `npm run branches:demo`: the hub and two branches on one machine (decision 017). Three server
 * processes, each with its own embedded database under `data/branches/`, on three ports:
 *
 *   hub        http://localhost:3000   where diners choose their branch
 *   Eppendorf  http://localhost:3001   a branch: its own server, database, orders and staff side
 *   Ottensen   http://localhost:3002   another branch
 *
 * `BRANCHES_DEMO_PORT` moves the three ports (default 3000). Every process gets the same BRANCHES
 * and HUB_URL; each branch its own BRANCH_URL. The demo switches the BRANCHES_ENABLED setting on
 * in each database through the operator API. Ctrl-C stops all three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const base = Number(process.env.BRANCHES_DEMO_PORT ?? 3000);
if (!Number.isInteger(base) || base < 1 || base > 65533) throw new Error('BRANCHES_DEMO_PORT must be a port number');
const host = process.env.BRANCHES_DEMO_HOST ?? 'localhost';
const origin = (port: number) => `http://${host}:${port}`;
const operatorKey = randomBytes(24).toString('base64url');

const hub = { name: 'hub', port: base };
const branches = [
  { name: 'Lindenhof Eppendorf', slug: 'eppendorf', port: base + 1 },
  { name: 'Lindenhof Ottensen', slug: 'ottensen', port: base + 2 },
];
const shared = {
  BRANCHES: JSON.stringify(branches.map((b) => ({ name: b.name, url: origin(b.port) }))),
  HUB_URL: origin(hub.port),
  OPERATOR_KEY: operatorKey,
};

const children: ChildProcess[] = [];

function start(label: string, port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: join(root, 'data/branches', label), PUBLIC_URL: origin(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${label} stopped (${code ?? 'signal'}): stopping the demo`);
      stop();
    }
  });
  children.push(child);
  return child;
}

async function ready(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nothing answers on port ${port}`);
}

async function switchBranchesOn(port: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/operator/settings/BRANCHES_ENABLED`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${operatorKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ value: '1' }),
  });
  if (!res.ok) throw new Error(`could not switch branches on at port ${port}: ${res.status}`);
}

let stopping = false;
function stop(): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 11_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The hub first: `scripts/start.mjs` builds the client and the server when it is missing or old; the branches reuse that build.
start('hub', hub.port, {});
await ready(hub.port);
for (const b of branches) start(b.slug, b.port, { BRANCH_URL: origin(b.port), SKIP_CLIENT_BUILD: '1' });
await Promise.all(branches.map((b) => ready(b.port)));
await Promise.all([hub, ...branches].map((s) => switchBranchesOn(s.port)));

console.log(`
Branches demo ready:
  hub        ${origin(hub.port)}  (choose a branch here)
${branches.map((b) => `  ${b.slug.padEnd(10)} ${origin(b.port)}`).join('\n')}
Each has its own database in data/branches/. Operator key for this run: ${operatorKey}
Ctrl-C stops all three.
`);
