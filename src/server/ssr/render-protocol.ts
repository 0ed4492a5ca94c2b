/**
 * What the server and its render worker say to each other (decision 045). The server never imports
 * `src/client/entry-server.tsx`: the worker loads the built module by path.
 */
import type { PageRenderInput, PageRenderOutput } from '../../shared/contract/page-render';

export type { PageRenderInput, PageRenderOutput };

export interface RenderModule {
  renderPage(input: PageRenderInput): Promise<PageRenderOutput>;
}

export interface RenderRequest {
  id: number;
  input: PageRenderInput;
}

export type RenderResult = { id: number; output: PageRenderOutput; error?: undefined } | { id: number; error: string; output?: undefined };

/** Where the build puts the render module, inside the client's folder (the two are one build) and never served. */
export const SERVER_RENDER_DIR = 'server-render';
