/**
 * Renders storefront pages to HTML on the server (decision 045), so a first visit paints the menu
 * itself instead of an outline, and the browser hydrates it instead of laying out a page it builds.
 *
 * The render runs the build's own render module (`dist/server-render/entry-server.js`, made by
 * `vite build --ssr` with the client) in a worker thread: the browser globals it needs never reach
 * the server's thread, and a render never holds up an order. A page is rendered once per first
 * screen (the catalog answers of decision 033, which change with the catalog and the clock) and
 * URL; a render that fails or takes too long leaves the page as before, the outline.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FirstScreen } from '../../shared/contract/first-screen';
import type { PageRenderInput, PageRenderOutput, RenderRequest, RenderResult } from './render-protocol';

export interface PageRenderer {
  /** The page's HTML, or null when it cannot be had in time (the page then boots from the outline). */
  render(input: PageRenderInput): Promise<PageRenderOutput | null>;
  /** Starts the worker and loads the app's modules soon, so the first diner does not wait for that. */
  warm(): void;
  close(): Promise<void>;
}

export interface PageRendererOptions {
  /** The built render module; no renderer without it (a server started without a client build). */
  modulePath: string;
  warn: (message: string, error?: unknown) => void;
  /** How long a page waits for its render before it goes out with the outline; the render still lands in the cache. */
  timeoutMs?: number;
}

/** Distinct URLs kept per first screen: the menu, its categories, tables' codes; a query made up per request must not fill memory. */
const PAGES_PER_SCREEN = 48;
/** A worker that dies this often is not started again: the pages keep their outline. */
const MAX_CRASHES = 3;

/**
 * The worker's whole program: install the browser globals (their own module beside the render
 * module), load the render module, then render one page at a time (the app's
 * modules keep one language and one set of stores), answering each message with its HTML or the
 * error that stopped it. Plain JavaScript evaluated by the worker, so it runs the same from the
 * sources and from the compiled server.
 */
const WORKER_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const { dirname, join } = require('node:path');
const loaded = import(pathToFileURL(join(dirname(workerData.modulePath), 'browser-globals.js')).href).then(() => import(pathToFileURL(workerData.modulePath).href));
let queue = loaded.catch(() => undefined);
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      const { renderPage } = await loaded;
      parentPort.postMessage({ id: request.id, output: await renderPage(request.input) });
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: error instanceof Error ? String(error.stack || error.message) : String(error) });
    }
  });
});
`;

export function createPageRenderer(options: PageRendererOptions): PageRenderer | null {
  if (!existsSync(options.modulePath)) return null;
  const timeoutMs = options.timeoutMs ?? 3000;
  let worker: Worker | null = null;
  let crashes = 0;
  let nextId = 1;
  const waiting = new Map<number, (result: RenderResult) => void>();
  const pages = new WeakMap<FirstScreen, Map<string, Promise<PageRenderOutput | null>>>();

  function started(): Worker | null {
    if (worker || crashes >= MAX_CRASHES) return worker;
    const made = new Worker(WORKER_PROGRAM, { eval: true, workerData: { modulePath: options.modulePath } });
    made.unref();
    made.on('message', (result: RenderResult) => {
      waiting.get(result.id)?.(result);
      waiting.delete(result.id);
    });
    const lost = (error?: unknown) => {
      if (worker !== made) return;
      worker = null;
      crashes++;
      options.warn(`page render worker stopped (${crashes} of ${MAX_CRASHES})`, error);
      for (const [id, done] of waiting) done({ id, error: 'Error: the render worker stopped' });
      waiting.clear();
    };
    made.on('error', lost);
    made.on('exit', (code) => {
      if (code !== 0) lost(new Error(`exit code ${code}`));
    });
    worker = made;
    return made;
  }

  async function renderNow(input: PageRenderInput): Promise<PageRenderOutput | null> {
    const target = started();
    if (!target) return null;
    const id = nextId++;
    const result = await new Promise<RenderResult>((resolve) => {
      waiting.set(id, resolve);
      target.postMessage({ id, input } satisfies RenderRequest);
    });
    if (result.error !== undefined) {
      // The worker's stack as the error's own, so the log shows where in the app's modules it failed.
      options.warn(`page render failed for ${input.url}`, Object.assign(new Error(result.error.split('\n')[0]), { stack: result.error }));
      return null;
    }
    return result.output;
  }

  return {
    async render(input) {
      let byUrl = pages.get(input.screen);
      if (!byUrl) pages.set(input.screen, (byUrl = new Map()));
      const key = `${input.closedNotice} ${input.url}`;
      let page = byUrl.get(key);
      if (!page) {
        if (byUrl.size >= PAGES_PER_SCREEN) byUrl.delete(byUrl.keys().next().value ?? '');
        page = renderNow(input);
        byUrl.set(key, page);
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      try {
        return await Promise.race([page, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    warm() {
      // A moment after the server is up: loading the app's modules (about 0.3 s of CPU) waits until
      // the start itself is done, unless a page asks first.
      setTimeout(started, 1000).unref();
    },
    async close() {
      const stopping = worker;
      worker = null;
      crashes = MAX_CRASHES;
      await stopping?.terminate();
    },
  };
}
