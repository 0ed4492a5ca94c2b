/**
 * `npm start`: builds what is missing or older than its sources (the client with Vite, the server
 * with esbuild into dist-server/), then runs the compiled server in this process. Plain
 * JavaScript, so a start pays no TypeScript loader. A fresh clone needs nothing but
 * `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(process.env.CLIENT_DIR ?? join(root, 'dist'), 'index.html');
const clientSources = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];
const serverSources = ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'];
const serverEntry = join(root, 'dist-server', 'serve.js');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const stale = (file, sources) => builtAt(file) < Math.max(...sources.map((s) => newestMtime(join(root, s))));

if (process.env.SKIP_CLIENT_BUILD !== '1' && stale(builtIndex, clientSources)) {
  console.log(builtAt(builtIndex) ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(serverEntry, serverSources)) {
  console.log(builtAt(serverEntry) ? 'Server sources changed: rebuilding…' : 'Building the server (first start)…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

await import(pathToFileURL(serverEntry).href);
