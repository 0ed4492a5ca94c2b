import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT } from './early-taps';

/**
 * Number formatting made ready while the page waits for its stylesheet. A page's first
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` loads the browser's locale data: 80-170 ms at a 4×
 * slower CPU, every later one under 2 ms (Chromium 156). Left to the app, it fell inside the
 * hydration's first component with a price or a count, one long task after the page was painted;
 * here it runs during the HTML's parse, before the first paint, while the stylesheet and the
 * scripts are still on the network. Any language and currency loads the same data.
 */
export const WARM_INTL_SCRIPT = 'try{new Intl.NumberFormat(document.documentElement.lang||void 0,{style:"currency",currency:"EUR"}).format(1)}catch(e){}';

/** The one inline script of a server-rendered page, in its head before the stylesheet (decision 045, 048). */
export const HEAD_SCRIPT = `${EARLY_TAPS_SCRIPT}${WARM_INTL_SCRIPT}`;

/** The script's CSP source: a hash, so the page's policy allows this one inline script and no other. */
export const HEAD_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;
