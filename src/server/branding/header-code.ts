/**
 * CUSTOM_HEADER_CODE: the operator's markup for the page's <head>, such as an analytics snippet
 * (decision 019). Only the operator API and the seed write settings; still, the code is checked
 * when it is saved and again before every page, because it runs with the storefront's rights:
 *
 * - only head elements: script, noscript, style, meta (no http-equiv), link, and img inside
 *   noscript (tracking pixels); never base, iframe, object, body markup or a closing </head>;
 * - scripts load from https or our own origin; every script and style is closed;
 * - no nonce of its own: the server gives each of its scripts the page's per-response nonce, and
 *   the origins its scripts load from join the page's Content Security Policy.
 */

export const HEADER_CODE_MAX = 10_000;

const ALLOWED = new Set(['script', 'noscript', 'style', 'meta', 'link', 'img']);
const PAIRED = ['script', 'noscript', 'style'];
const TAG = /<\s*(\/?)\s*([a-zA-Z][\w:-]*)([^>]*)>/g;
const ATTR = /([^\s=/"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

export type HeaderCodeProblem = 'element' | 'source' | 'unclosed' | 'attribute' | 'tooLong' | 'nul';

function attributes(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(ATTR)) out.set((m[1] ?? '').toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** An https URL's origin, or '' for a path on our own origin, or null when neither. */
function sourceOrigin(url: string): string | null {
  const value = url.trim();
  if (/^\/(?!\/)/.test(value)) return '';
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface HeaderCode {
  /** Why the code may not be served, or null. */
  problem: HeaderCodeProblem | null;
  /** https origins the code's scripts load from (for script-src, connect-src and img-src). */
  scriptOrigins: string[];
  /** https origins of stylesheets it links (for style-src). */
  styleOrigins: string[];
  /** https origins of its noscript pixels (for img-src). */
  imageOrigins: string[];
}

/** Checks the code; `problem` null means it may be served. */
export function checkHeaderCode(code: string): HeaderCode {
  const scriptOrigins = new Set<string>();
  const styleOrigins = new Set<string>();
  const imageOrigins = new Set<string>();
  const fail = (problem: HeaderCodeProblem): HeaderCode => ({ problem, scriptOrigins: [], styleOrigins: [], imageOrigins: [] });
  if (code.length > HEADER_CODE_MAX) return fail('tooLong');
  if (code.includes('\0')) return fail('nul');
  const open = new Map<string, number>();
  // Script and style bodies are text to the browser: tags inside them are not elements.
  let rawUntil: string | null = null;
  for (const m of code.matchAll(TAG)) {
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (rawUntil) {
      if (closing && name === rawUntil) rawUntil = null;
      else continue;
    }
    if (!ALLOWED.has(name)) return fail('element');
    if (PAIRED.includes(name)) open.set(name, (open.get(name) ?? 0) + (closing ? -1 : 1));
    if ((open.get(name) ?? 0) < 0) return fail('unclosed');
    if (closing) continue;
    const attrs = attributes(m[3] ?? '');
    if (attrs.has('nonce') || [...attrs.keys()].some((a) => a.startsWith('on'))) return fail('attribute');
    if (name === 'meta' && attrs.has('http-equiv')) return fail('attribute');
    if (name === 'img' && (open.get('noscript') ?? 0) < 1) return fail('element');
    const src = name === 'script' || name === 'img' ? attrs.get('src') : name === 'link' ? attrs.get('href') : undefined;
    if (src !== undefined) {
      const origin = sourceOrigin(src);
      if (origin === null) return fail('source');
      if (origin && name === 'script') scriptOrigins.add(origin);
      if (origin && name === 'link') styleOrigins.add(origin);
      if (origin && name === 'img') imageOrigins.add(origin);
    }
    if (name === 'script' || name === 'style') rawUntil = name;
  }
  if (rawUntil || PAIRED.some((name) => (open.get(name) ?? 0) !== 0)) return fail('unclosed');
  return { problem: null, scriptOrigins: [...scriptOrigins], styleOrigins: [...styleOrigins], imageOrigins: [...imageOrigins] };
}

/** The code with this response's nonce on each of its scripts. */
export function withNonce(code: string, nonce: string): string {
  return code.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}
