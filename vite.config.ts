import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { staticallyRun, type GraphModule } from './scripts/lib/first-page-graph';
import { precompressPlugin } from './scripts/lib/precompress';
import { catalogLanguage, PRECACHED_LANGUAGES } from './src/shared/i18n/locales';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * The files a diner's page can ever load: the storefront entry and every chunk and stylesheet it
 * imports, statically or lazily. The worker precaches only these, so a library only the staff side
 * uses (an editor, an image cropper) never reaches a diner's phone, whatever its chunk is named.
 */
const dinerFiles = new Set<string>();
/** Catalog chunks of languages the worker keeps only once a diner reads them (decision 027). */
const laterCatalogs = new Set<string>();
const dinerReachable: Plugin = {
  name: 'diner-reachable-files',
  apply: 'build',
  generateBundle(_options, bundle) {
    dinerFiles.clear();
    laterCatalogs.clear();
    for (const chunk of Object.values(bundle)) {
      const lang = chunk.type === 'chunk' && chunk.facadeModuleId ? catalogLanguage(chunk.facadeModuleId) : null;
      if (lang && !PRECACHED_LANGUAGES.includes(lang)) laterCatalogs.add(chunk.fileName);
    }
    const visit = (fileName: string) => {
      if (dinerFiles.has(fileName)) return;
      dinerFiles.add(fileName);
      const chunk = bundle[fileName];
      if (chunk?.type !== 'chunk') return;
      for (const css of chunk.viteMetadata?.importedCss ?? []) dinerFiles.add(css);
      for (const asset of chunk.viteMetadata?.importedAssets ?? []) dinerFiles.add(asset);
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
    };
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'main') visit(chunk.fileName);
  },
};
type GraphNode = GraphModule;
/** The HTML entries (`index.html`, `staff.html`) that import a module, through static imports only or through any. */
function entriesOf(id: string, node: (id: string) => GraphNode | null, lazyToo: boolean, seen = new Set<string>()): Set<string> {
  const entries = new Set<string>();
  if (seen.has(id)) return entries;
  seen.add(id);
  const info = node(id);
  if (!info) return entries;
  if (info.isEntry) entries.add(id.split('/').pop() ?? id);
  const importers = lazyToo ? [...info.importers, ...info.dynamicImporters] : info.importers;
  for (const importer of importers) for (const entry of entriesOf(importer, node, lazyToo, seen)) entries.add(entry);
  return entries;
}
/**
 * Which merged chunk a module the storefront imports statically goes to: `shared` when the staff
 * entry imports it statically too, `common` when a staff screen imports it lazily, `app` when no
 * staff code imports it at all. A staff screen must never import the storefront's entry chunk,
 * which would start the storefront; `common` costs the first page one more file, not a byte of staff code.
 */
function initialChunkOf(id: string, node: (id: string) => GraphNode | null): 'shared' | 'common' | 'app' | null {
  storefrontRuns ??= staticallyRun(resolve('index.html'), node);
  if (!storefrontRuns.has(id)) return null;
  if (entriesOf(id, node, false).has('staff.html')) return 'shared';
  return entriesOf(id, node, true).has('staff.html') ? 'common' : 'app';
}

/** What the storefront's entry runs before any lazy import, worked out once per build. */
let storefrontRuns: Set<string> | null = null;
const freshGraph: Plugin = { name: 'fresh-first-page-graph', apply: 'build', buildStart: () => void (storefrontRuns = null) };

/**
 * The storefront's entry and the chunks it preloads at low fetch priority (decision 061). The first
 * paint is the server's HTML (decision 045) and needs only the stylesheet, the font and the
 * pictures: on a slow network they now come before the app's code instead of sharing the line with
 * it, and a tap before the app has started is kept and replayed (`early-taps`). The staff side keeps
 * its script first: it has no page before it.
 */
const storefrontScriptsAfterThePage: Plugin = {
  name: 'storefront-scripts-after-the-page',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => (ctx.filename.endsWith('/index.html') ? html.replace(/<(script type="module"|link rel="modulepreload")(?= )/g, '<$1 fetchpriority="low"') : html),
  },
};

/** Built JavaScript and CSS under assets/ that no diner's page loads. */
const staffOnly = (url: string) => /^assets\/.*\.(js|css)$/.test(url) && dinerFiles.size > 0 && !dinerFiles.has(url);

/** The app's own transforms, the same for the browser's build and the server's render module. */
const appPlugins = () => [
  // The router plugin must run before React's (STACK.md).
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/client/routes',
    generatedRouteTree: './src/client/routeTree.gen.ts',
  }),
  react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
  lingui(),
];

/** The render module the server runs in its worker (decision 045): the same app, built for Node, beside the client it hydrates. */
const serverRender: UserConfig = {
  plugins: appPlugins(),
  publicDir: false,
  // Everything in one folder of its own, so the server needs nothing else to render.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/server-render',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      // Two entries: the worker evaluates the browser globals before any module of the app reads them
      // (inside one bundle, a module's own code runs after the chunks it imports).
      input: { 'browser-globals': 'src/client/server-render/browser-globals.ts', 'entry-server': 'src/client/entry-server.tsx' },
      output: { entryFileNames: '[name].js' },
    },
  },
};

const client: UserConfig = {
  plugins: [
    dinerReachable,
    freshGraph,
    ...appPlugins(),
    storefrontScriptsAfterThePage,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp,woff2,wasm}'],
        // Product art is cached when first seen; the shell must not wait for every image. The staff
        // side is no diner's download: it needs the network anyway, and `staffOnly` drops every
        // script and stylesheet only it loads. Of the shipped fonts a diner needs one at most: the
        // worker keeps the one the page asks for (decision 019).
        globIgnores: ['media/gallery/**', 'staff.html', 'fonts/**', 'server-render/**'],
        // The QR decoder's wasm (about 930 KB) is the one file above 600 KB the scanner needs offline (decision 002).
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((e) => (e.size <= 600 * 1024 || e.url.endsWith('.wasm')) && !staffOnly(e.url) && !laterCatalogs.has(e.url)),
            warnings: [],
          }),
        ],
      },
      // The server serves the manifest from settings (name and icon follow SITE_TITLE and FAVICON, decision 019).
      manifest: false,
      devOptions: { enabled: false },
    }),
    // After the worker's build: `.br` and `.gz` beside every text file, served as they are (issue 16).
    precompressPlugin(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // `npm run size` reads it to report the staff side's chunks; it only names public files.
    manifest: true,
    chunkSizeWarningLimit: 400,
    modulePreload: {
      // The scanner's dialog is opened from the first page, which has already loaded every chunk it
      // imports: listing them in the first page to preload would only add bytes to it (decision 002).
      resolveDependencies: (filename, deps) => (filename.includes('/ScanDialog-') ? [] : deps),
    },
    rollupOptions: {
      // Two doors, one build: the storefront and the staff side (its own entry, so no byte of it reaches a diner).
      input: { main: 'index.html', staff: 'staff.html' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'staff' ? 'assets/staff-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          // Every module a diner's first page imports statically, in as few files as the staff side
          // allows (issue 16): over HTTP/1.1 each of the 27 small chunks it was cost its own response
          // headers. Lazily loaded screens keep their own chunks. In this order: each group takes
          // its modules' dependencies along, and must leave the next ones' alone.
          groups: (['shared', 'common', 'app'] as const).map((group, i) => ({
            name: (id: string, ctx: { getModuleInfo: (id: string) => GraphNode | null }) => (initialChunkOf(id, (m) => ctx.getModuleInfo(m)) === group ? group : null),
            tags: ['$initial' as const],
            priority: 3 - i,
          })),
        },
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length && chunk.moduleIds.every((id) => id.includes('/src/client/staff/')) ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : client));
