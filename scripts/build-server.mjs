/**
 * Compiles the server (src/server/serve.ts and what it imports) to plain JavaScript in
 * dist-server/, so production runs `node` without a TypeScript loader (decision 031). Packages stay
 * external (sharp, PGlite's WebAssembly and argon2 load their own files). Files the server reads
 * next to its modules (migrations, catalogs, seed texts, the password list) stay where they are:
 * each module's `import.meta.url` / `import.meta.dirname` is rewritten to its source file's place,
 * relative to the bundle, so the build works wherever the checkout lives.
 *
 * Packages are bundled too, except those that load files of their own at run time (decision 051):
 * resolving, reading and wrapping some 700 package modules one by one through Node's loaders was
 * about a fifth of a cold start.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const outdir = join(root, 'dist-server');
export const entry = join(outdir, 'serve.js');

/**
 * Kept as packages: PGlite (its WebAssembly and data files), argon2 and sharp (native addons),
 * sanitize-html (required lazily, decision 035), pg (loaded only for PostgreSQL, where a start is
 * not the embedded one; `npm run bench:orders` counts its statements by patching the package), and
 * what only the page renderer's worker or the build tools load (React, Vite, esbuild, tsx).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  'sharp',
  'sanitize-html',
  'pg',
  'react',
  'react-dom',
  'react-dom/*',
  'vite',
  'esbuild',
  'tsx',
];
/** Bundled CommonJS packages call `require` for Node's own modules; an ES module has none of its own. */
const REQUIRE_BANNER = "import { createRequire as __serverRequire } from 'node:module'; const require = __serverRequire(import.meta.url);";

/** Every input of the build: when one is newer than the entry, the build is stale. */
export const serverSources = ['src/server', 'src/shared', 'package.json', 'scripts/build-server.mjs'];

export async function buildServer() {
  const esbuild = await import('esbuild');
  // A chunk left from an earlier build is never loaded, but it would be shipped and confuse a reader.
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(root, 'src/server/serve.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
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
