import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brandingCss, faviconOf, fontOf, fontUrl, iconType, imageOf } from '../shared/contract/branding';
import { FIRST_SCREEN_ID, serializeFirstScreen, type FirstScreen } from '../shared/contract/first-screen';
import { text } from '../shared/contract/settings';
import type { CspAdditions } from './branding/csp';
import type { PageRenderOutput } from '../shared/contract/page-render';
import { checkHeaderCode, withNonce } from './branding/header-code';
import { closedNoticeHtml, type ShellNotice } from './closed-notice';
import { HEAD_SCRIPT, HEAD_SCRIPT_CSP_SOURCE } from './ssr/head-script';
import type { Db } from './db/client';
import { escapeHtml } from './mail/templates';
import { directionOf } from '../shared/i18n/locales';
import { loadResolvedSettings } from './settings';

const TITLE = /<title>[^<]*<\/title>/;
const HTML_START = /<html\b[^>]*>/i;
const SHELL_NAME = /(<span class="shell__name" data-shell-name>)[^<]*(<\/span>)/;
const ICON = /<link rel="icon"[^>]*>/;
const HEAD_END = /<\/head>/i;
const BODY_START = /<body[^>]*>/i;
const BODY_END = /<\/body>/i;
const ROOT_START = /<div id="root">/;
/** `#root` with the outline in it: the last element of the body, after which only scripts are written. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/i;

export interface AppShell {
  html: string;
  /** What this page adds to the Content Security Policy: its nonce and the header code's origins. */
  csp: CspAdditions;
}

export interface ShellOptions {
  /** The splash logo (spec §2) shows on a session's first page only. */
  splash: boolean;
  /** The language the page is in (the diner's choice, from the `lang` cookie the page sets), so the first paint already runs its way. */
  lang: string;
  /** Whose warnings to log: a stored header code that fails the check is left out, not served. */
  warn?: (message: string) => void;
  /** The first route's catalog answers (decision 028), written into the page as JSON data, never as script. */
  firstScreen?: FirstScreen;
  /** The closed notice in the first paint (decision 044), when this page greets the session with it. */
  notice?: ShellNotice;
  /**
   * The page as the server rendered it (decision 045), in place of the outline; it carries the
   * closed notice itself. The browser is told what it was made with, to hydrate it only if it
   * would render the same.
   */
  rendered?: PageRenderOutput & { closedNotice: 'shown' | 'seen' | ''; popup: number | null };
}

/**
 * The storefront's HTML with the operator's branding in it, so a first visit shows whose menu it
 * is before any script has run: the restaurant's name in the title and the first-paint header,
 * the favicon, the font, size and pictures (`brandingCss`), the splash logo, and the operator's
 * header code with this response's nonce. Read per request: the file is small, and a rebuild or a
 * changed setting shows at once.
 */
export async function renderAppShell(db: Db, clientDir: string, options: ShellOptions): Promise<AppShell> {
  const [file, settings] = await Promise.all([readFile(join(clientDir, 'index.html'), 'utf8'), loadResolvedSettings(db)]);
  let html = file;
  const name = text(settings, 'SITE_TITLE').trim();
  if (name) {
    const safe = escapeHtml(name);
    // Replacer functions: a name with `$&` or `$1` in it is text, not a replacement pattern.
    html = html.replace(TITLE, () => `<title>${safe}</title>`).replace(SHELL_NAME, (_all, open: string, close: string) => open + safe + close);
  }
  html = html.replace(HTML_START, () => `<html lang="${options.lang}" dir="${directionOf(options.lang)}">`);
  const favicon = faviconOf(settings);
  html = html.replace(ICON, () => `<link rel="icon" href="${escapeHtml(favicon)}" type="${iconType(favicon)}" />`);

  const nonce = randomBytes(16).toString('base64');
  const head: string[] = [];
  const font = fontOf(settings);
  if (font) head.push(`<link rel="preload" href="${fontUrl(font)}" as="font" type="font/woff2" crossorigin />`);
  head.push(`<style id="branding">${brandingCss(settings)}</style>`);
  // A nonce only when there is code to run: without it the page keeps the app's plain policy.
  const csp: CspAdditions = {};
  const code = text(settings, 'CUSTOM_HEADER_CODE');
  if (code.trim()) {
    const checked = checkHeaderCode(code);
    if (checked.problem) {
      options.warn?.(`CUSTOM_HEADER_CODE left out of the page: ${checked.problem}`);
    } else {
      head.push(`<!-- CUSTOM_HEADER_CODE -->${withNonce(code, nonce)}<!-- /CUSTOM_HEADER_CODE -->`);
      csp['script-src'] = [`'nonce-${nonce}'`, ...checked.scriptOrigins];
      csp['connect-src'] = checked.scriptOrigins;
      csp['img-src'] = [...checked.scriptOrigins, ...checked.imageOrigins];
      csp['style-src'] = checked.styleOrigins;
    }
  }
  html = html.replace(HEAD_END, (end) => `${head.join('\n')}\n${end}`);

  const logo = imageOf(settings, 'LOGO');
  if (options.splash && logo) {
    // Outside #root, so React's first render leaves it to its CSS fade; it never takes a tap.
    html = html.replace(BODY_START, (body) => `${body}\n<div class="splash" aria-hidden="true"><img src="${escapeHtml(logo)}" alt="" /></div>`);
  }
  const notice = options.notice;
  const rendered = options.rendered;
  if (rendered) {
    const attributes = [
      `data-ssr="${options.lang}"`,
      rendered.closedNotice ? `data-closed-notice="${rendered.closedNotice}"` : '',
      // The popup page it opened, and the address that opened it, which the browser takes on.
      rendered.popup !== null ? `data-popup="${rendered.popup}" data-href="${escapeHtml(rendered.href)}"` : '',
    ]
      .filter(Boolean)
      .join(' ');
    html = html
      .replace(ROOT, () => `<div id="root" ${attributes}>${rendered.html}</div>`)
      // Before the stylesheet, which an inline script further down would wait for.
      .replace(TITLE, (title) => `<script>${HEAD_SCRIPT}</script>${title}`)
      .replace(HEAD_END, (end) => `${rendered.head}${end}`);
    csp['script-src'] = [...(csp['script-src'] ?? []), HEAD_SCRIPT_CSP_SOURCE];
  } else if (notice) {
    // Inside #root: the client's first render replaces it with its own copy of the notice.
    html = html.replace(ROOT_START, (root) => root + closedNoticeHtml(notice));
  }
  if (options.firstScreen) {
    const data = serializeFirstScreen(options.firstScreen);
    html = html.replace(BODY_END, (end) => `<script type="application/json" id="${FIRST_SCREEN_ID}">${data}</script>\n${end}`);
  }
  return { html, csp };
}
