import { FIRST_SCREEN_ID } from './contract/first-screen';

/**
 * The menu page the worker keeps for an offline start (decision 050): the server's render of `/`
 * as it last came over the network, without what belonged to that one visit. Offline, the
 * browser paints it before any script has run; the app then renders afresh over it from the
 * device's own menu, as it does over the precached shell.
 */
export interface OfflinePage {
  html: string;
  /** The page's language (`<html lang>`): a page in another language than the diner's is not kept. */
  lang: string;
}

/**
 * Sent by the worker when it fetches the menu page to keep: the server renders the plain menu (no
 * popup page, no closed notice, no splash) and sets none of the session's cookies, so the copy
 * is fit to keep at any hour and the diner's next page still greets them as it would have.
 */
export const KEPT_PAGE_HEADER = 'x-kept-page';

const ROOT_TAG = /<div id="root"([^>]*)>/;
const HTML_LANG = /<html\b[^>]*\blang="([^"]+)"/i;
const FIRST_SCREEN = new RegExp(`\\s*<script type="application/json" id="${FIRST_SCREEN_ID}">[\\s\\S]*?</script>`);
const SPLASH = /\s*<div class="splash" aria-hidden="true">[\s\S]*?<\/div>/;

/** A page's language, as its `<html lang>` says. */
export function pageLanguage(html: string): string | null {
  return HTML_LANG.exec(html)?.[1] ?? null;
}

/**
 * The page to keep, or null when this one is not fit to be shown again: not rendered by the server
 * (the outline alone is what the precache holds), or showing something of its visit (the popup
 * page, the closed notice), which an offline start at another moment must not paint.
 *
 * - `#root` loses the server's `data-` marks, so the app renders its own over it as over the shell
 *   (it never hydrates a page of another moment), and says `data-kept-page` instead: the menu is
 *   on screen, no loading overlay is due.
 * - The first screen's answers go: they are as old as the page, and the app must not take them
 *   for newer than the menu it keeps (decision 028).
 * - The splash goes: it belongs to a session's first page.
 */
export function offlineMenuPage(html: string): OfflinePage | null {
  const root = ROOT_TAG.exec(html);
  const lang = pageLanguage(html);
  if (!root || !lang) return null;
  const marks = root[1] ?? '';
  if (!/\bdata-ssr="/.test(marks) || /\bdata-popup=/.test(marks) || /\bdata-closed-notice="shown"/.test(marks)) return null;
  const kept = html
    .replace(ROOT_TAG, '<div id="root" data-kept-page>')
    .replace(FIRST_SCREEN, '')
    .replace(SPLASH, '');
  return { html: kept, lang };
}
