/**
 * `npm start`: builds what is missing or older than its sources (the client with Vite, the server
 * with esbuild into dist-server/), then runs the compiled server in this process. Plain
 * JavaScript, so a start pays no TypeScript loader. A fresh clone needs nothing but
 * `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(process.env.CLIENT_DIR ?? join(root, 'dist'), 'index.html');
const clientSources = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts'];
const serverSources = ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'];
const serverEntry = join(root, 'dist-server', 'serve.js');

/**
 * The newest modification time under `path`. Every start walks the sources (about 1,000 entries,
 * 20-60 ms): once each, src/shared being an input of both builds; one lstat per entry, directories
 * told apart by readdir's types.
 */
const seen = new Map();
function newestMtime(path) {
  if (seen.has(path)) return seen.get(path);
  let newest = 0;
  try {
    newest = statSync(path).mtimeMs;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(child) : lstatSync(child).mtimeMs);
    }
  } catch (error) {
    // A file (not a directory) or a source that does not exist (0: never newer than a build).
    if (error.code !== 'ENOTDIR' && error.code !== 'ENOENT') throw error;
  }
  seen.set(path, newest);
  return newest;
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const stale = (file, sources) => builtAt(file) < Math.max(...sources.map((s) => newestMtime(join(root, s))));

if (process.env.SKIP_CLIENT_BUILD !== '1' && stale(builtIndex, clientSources)) {
  console.log(builtAt(builtIndex) ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  // The pages' scripts, then the module the server renders them with (decision 045): one build.
  for (const args of [['build'], ['build', '--ssr']]) {
    const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...args], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (stale(serverEntry, serverSources)) {
  console.log(builtAt(serverEntry) ? 'Server sources changed: rebuilding…' : 'Building the server (first start)…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

await import(pathToFileURL(serverEntry).href);
