import { describe, expect, it } from 'vitest';
import { brandingCss, faviconOf, fontOf, fontSizeOf, imagePath, parseFontSize, SYSTEM_FONT } from '../../src/shared/contract/branding';
import { checkHeaderCode, withNonce } from '../../src/server/branding/header-code';
import { shortName } from '../../src/server/branding/manifest';
import { extendCsp } from '../../src/server/branding/csp';

describe('branding settings', () => {
  it('picks a shipped font by name in any case, and anything else is the system stack', () => {
    expect(fontOf({ FONT_FAMILY: 'playfair display' })).toBe('Playfair Display');
    expect(fontOf({ FONT_FAMILY: SYSTEM_FONT })).toBeNull();
    expect(fontOf({ FONT_FAMILY: 'Comic Sans MS' })).toBeNull();
    expect(fontOf({})).toBeNull();
    expect(brandingCss({ FONT_FAMILY: 'Comic Sans MS' })).toBe('');
  });

  it('reads FONT_SIZE in a sane px range and falls back to 16 px', () => {
    expect(parseFontSize('18px')).toBe(18);
    expect(parseFontSize(' 20 PX ')).toBe(20);
    expect(parseFontSize('11')).toBeNull();
    expect(parseFontSize('1.2rem')).toBeNull();
    expect(fontSizeOf({ FONT_SIZE: '200px' })).toBe(16);
    expect(brandingCss({ FONT_SIZE: '16px' })).toBe('');
  });

  it('takes images from our own origin only, and nothing that could leave a CSS url() or an attribute', () => {
    expect(imagePath('/media/brand/logo.svg')).toBe('/media/brand/logo.svg');
    for (const bad of ['//evil.example/x.png', 'https://evil.example/x.png', 'javascript:alert(1)', '/x.png")', "/x.png'", '/x y.png', '/x\\y', '/a<b']) {
      expect(imagePath(bad), bad).toBeNull();
    }
    expect(faviconOf({ FAVICON: 'https://evil.example/x.png' })).toBe('/favicon.svg');
  });
});

describe('the header code', () => {
  it('accepts an analytics snippet and names the origins it loads from', () => {
    const checked = checkHeaderCode('<script async src="https://t.example.com/a.js?id=1"></script><script>var x = "</div><iframe>";</script><link rel="preconnect" href="https://cdn.example.org" />');
    expect(checked.problem).toBeNull();
    expect(checked.scriptOrigins).toEqual(['https://t.example.com']);
    expect(checked.styleOrigins).toEqual(['https://cdn.example.org']);
  });

  it('refuses elements and attributes that take over the page', () => {
    expect(checkHeaderCode('<base href="/x/">').problem).toBe('element');
    expect(checkHeaderCode('<img src="/p.gif">').problem).toBe('element');
    expect(checkHeaderCode('<noscript><img src="https://p.example/p.gif"></noscript>').problem).toBeNull();
    expect(checkHeaderCode('<script src="http://a.example/a.js"></script>').problem).toBe('source');
    expect(checkHeaderCode('<script src="https://user:pw@a.example/a.js"></script>').problem).toBe('source');
    expect(checkHeaderCode('</script>').problem).toBe('unclosed');
    expect(checkHeaderCode('<noscript>').problem).toBe('unclosed');
    expect(checkHeaderCode('<meta http-equiv="refresh" content="0">').problem).toBe('attribute');
    expect(checkHeaderCode('<link rel="icon" href="/x.svg" onload="x()">').problem).toBe('attribute');
  });

  it('gives each script the nonce', () => {
    expect(withNonce('<script>a()</script><SCRIPT src="/b.js"></SCRIPT>', 'n1')).toBe('<script nonce="n1">a()</script><script nonce="n1" src="/b.js"></SCRIPT>');
  });

  it("extends helmet's policy without losing a directive", () => {
    const csp = extendCsp("default-src 'self';script-src 'self';img-src 'self' data:", { 'script-src': ["'nonce-x'", 'https://a.example'], 'connect-src': ['https://a.example'] });
    expect(csp).toBe("default-src 'self';script-src 'self' 'nonce-x' https://a.example;img-src 'self' data:;connect-src 'self' https://a.example");
  });

  it('cuts the install name at a word within 12 characters', () => {
    expect(shortName('Gasthaus Lindenhof')).toBe('Gasthaus');
    expect(shortName('Zur Linde')).toBe('Zur Linde');
    expect(shortName('Donaudampfschifffahrt')).toBe('Donaudampfsc');
  });
});
