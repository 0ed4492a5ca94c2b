/** Sources to add to some directives of a Content-Security-Policy header. */
export type CspAdditions = Partial<Record<'script-src' | 'style-src' | 'img-src' | 'connect-src', string[]>>;

/**
 * The page's policy is the app's (helmet's header) plus what this response needs: its scripts'
 * nonce and the origins the operator's header code loads from. Directives missing from the
 * header fall back to default-src, so they are added with 'self' first.
 */
export function extendCsp(header: string, additions: CspAdditions): string {
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const [name, sources] of Object.entries(additions)) {
    if (!sources?.length) continue;
    const found = directives.find((d) => d[0] === name);
    if (found) found.push(...sources.filter((s) => !found.includes(s)));
    else directives.push([name, "'self'", ...sources]);
  }
  return directives.map((d) => d.join(' ')).join(';');
}
