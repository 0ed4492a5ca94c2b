import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm start`: builds the client when the build is missing or older than its sources, then
 * runs the server. A fresh clone needs nothing but `npm install && npm start`.
 */
const root = resolve(import.meta.dirname, '../..');
const builtIndex = join(process.env.CLIENT_DIR ?? join(root, 'dist'), 'index.html');
const sources = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt < sourcesAt && process.env.SKIP_CLIENT_BUILD !== '1') {
  console.log(builtAt ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import('./main');
await main();
