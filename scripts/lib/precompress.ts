import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; woff2, PNG, AVIF and WebP are compressed already and gain nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm|ico)$/;
/** Below this a compressed copy saves less than its `content-encoding` and `vary` headers add (a 0.9 KB chunk sent as brotli is 0.4 KB smaller). */
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file of
 * a build, for the server to send as they are (`@fastify/static` `preCompressed`): the best ratio
 * costs the build once, never a request. A copy that would not be smaller is not written, so the
 * server sends the file itself.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(path);
        if (raw.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: path.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        totals.files++;
        totals.bytes += raw.length;
        if (br.length < raw.length) {
          await writeFile(`${path}.br`, br);
          totals.brotli += br.length;
        }
        if (gzipped.length < raw.length) {
          await writeFile(`${path}.gz`, gzipped);
          totals.gzip += gzipped.length;
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Runs last, after the worker's own build has written `sw.js`, so it is compressed too. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const t = await precompress(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
        this.info(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
      },
    },
  };
}
