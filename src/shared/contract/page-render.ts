/**
 * The server's render of a storefront page (decision 045): what the server hands the built render
 * module (`src/client/entry-server.tsx`, run in the server's render worker) and what it gets back.
 */
import type { FirstScreen } from './first-screen';

export interface PageRenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** The page's own catalog answers (decision 028): the render uses these and asks for nothing. */
  screen: FirstScreen;
  /** The session's cookie says it has seen the closed notice (`seen`), or not (`show`: shown if closed). */
  closedNotice: 'show' | 'seen';
}

export interface PageRenderOutput {
  /** What goes inside `#root`. */
  html: string;
  /** Resource hints React hoists out of the tree (`<link rel="preload">` of the first images), for `<head>`. */
  head: string;
  /** Where the router ended up (a guard may have redirected). */
  href: string;
}
