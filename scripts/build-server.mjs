/**
 * Compiles the server (src/server/serve.ts and what it imports) to plain JavaScript in
 * dist-server/, so production runs `node` without a TypeScript loader (decision 031). Packages stay
 * external (sharp, PGlite's WebAssembly and argon2 load their own files). Files the server reads
 * next to its modules (migrations, catalogs, seed texts, the password list) stay where they are:
 * each module's `import.meta.url` / `import.meta.dirname` is rewritten to its source file's place,
 * relative to the bundle, so the build works wherever the checkout lives.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const outdir = join(root, 'dist-server');
export const entry = join(outdir, 'serve.js');

/** Every input of the build: when one is newer than the entry, the build is stale. */
export const serverSources = ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'];

export async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(root, 'src/server/serve.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-relative-paths',
        setup(build) {
          build.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
            const code = await readFile(args.path, 'utf8');
            if (!code.includes('import.meta')) return { contents: code, loader: 'ts' };
            const fromOut = (path) => relative(outdir, path).split('\\').join('/');
            const file = JSON.stringify(fromOut(args.path));
            const dir = JSON.stringify('/' + fromOut(dirname(args.path)));
            const contents = code
              .replaceAll('import.meta.url', `new URL(${file}, import.meta.url).href`)
              .replaceAll('import.meta.dirname', `(import.meta.dirname + ${dir})`);
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = performance.now();
  await buildServer();
  console.log(`server built into dist-server/ in ${Math.round(performance.now() - started)} ms`);
}
