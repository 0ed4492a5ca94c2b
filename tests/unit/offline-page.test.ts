import { describe, expect, it } from 'vitest';
import { offlineMenuPage, pageLanguage } from '../../src/shared/offline-page';

const page = (rootMarks: string, body = '') =>
  `<!doctype html>\n<html lang="en" dir="ltr">\n<head><title>Lindenhof</title></head>\n<body>\n` +
  `<div class="splash" aria-hidden="true"><img src="/media/brand/logo.svg" alt="" /></div>\n` +
  `<div id="root"${rootMarks}><main><span class="product-card__name">Bruschetta</span></main>${body}</div>\n` +
  `<script type="application/json" id="first-screen">{"lang":"en","answers":{}}</script>\n</body>\n</html>`;

describe('the menu page kept for an offline start (decision 050)', () => {
  it("keeps the server's render without the visit's own answers, marks and splash", () => {
    const kept = offlineMenuPage(page(' data-ssr="en" data-closed-notice="seen"'));
    expect(kept?.lang).toBe('en');
    expect(kept?.html).toContain('<div id="root" data-kept-page><main><span class="product-card__name">Bruschetta</span></main></div>');
    expect(kept?.html).not.toContain('first-screen');
    expect(kept?.html).not.toContain('splash');
    expect(kept?.html).not.toContain('data-ssr');
  });

  it('keeps nothing that showed what belonged to one moment or one session', () => {
    expect(offlineMenuPage(page(' data-ssr="en" data-popup="1" data-href="/?page=1"'))).toBeNull();
    expect(offlineMenuPage(page(' data-ssr="en" data-closed-notice="shown"'))).toBeNull();
  });

  it('keeps no page the server did not render: the outline is what the precache holds', () => {
    expect(offlineMenuPage(page(''))).toBeNull();
    expect(offlineMenuPage(page(' data-ssr="en"').replace('<html lang="en" dir="ltr">', '<html>'))).toBeNull();
  });

  it("reads a page's language from its html element", () => {
    expect(pageLanguage(page(''))).toBe('en');
    expect(pageLanguage('<p>no page</p>')).toBeNull();
  });
});
