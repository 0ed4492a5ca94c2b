import { describe, expect, it } from 'vitest';
import { parsePostcodes, readZone, ZONE_MAX_POINTS } from '../../src/shared/contract/areas-admin';
import { contrastRatio, isHttpsUrl, parsePercents } from '../../src/shared/contract/settings-admin';
import { euroText, parseEuroText } from '../../src/shared/pricing/euro-text';

describe('amounts as an owner types them', () => {
  it.each([
    ['2,50', 250],
    ['2.50', 250],
    ['2,5', 250],
    ['12', 1200],
    [' 0 ', 0],
    ['1.234,50', 123450],
    ['1.234', 123400],
    ['4,50 €', 450],
    ['10000', 1_000_000],
  ])('%s → %i cents', (raw, cents) => expect(parseEuroText(raw)).toBe(cents));

  it.each(['', 'abc', '-1', '2,505', '1,2,3', '10000,01', '1e3', '0x10', '2.50.1'])('refuses %j', (raw) => expect(parseEuroText(raw)).toBeNull());

  it('shows cents back with a comma', () => expect(euroText(250)).toBe('2,50'));
});

describe('tip percents', () => {
  it('reads a comma list of 0–100', () => {
    expect(parsePercents(' 5, 10 ,12.5')).toEqual([5, 10, 12.5]);
    expect(parsePercents('')).toEqual([]);
  });
  it.each(['5,,10', '101', '-5', '5;10', 'abc', '1,2,3,4,5,6,7,8,9,10,11'])('refuses %j', (raw) => expect(parsePercents(raw)).toBeNull());
});

describe('links and colours', () => {
  it('takes https links with a host only', () => {
    expect(isHttpsUrl('https://www.instagram.com/lindenhof')).toBe(true);
    for (const bad of ['http://x.example', 'javascript:alert(1)', 'https://localhost', 'https://a b.example', '//x.example']) expect(isHttpsUrl(bad), bad).toBe(false);
  });
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#1f5c4a', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#f5e663', '#ffffff')).toBeLessThan(2);
  });
});

describe('delivery zones', () => {
  const ring = [
    [9.9, 53.6],
    [9.91, 53.6],
    [9.91, 53.61],
    [9.9, 53.6],
  ];
  it('accepts a Polygon, a Feature and a one-feature collection, keeping only the geometry', () => {
    const polygon = { type: 'Polygon', coordinates: [ring] };
    expect(readZone(polygon)).toEqual({ zone: polygon, problem: null });
    expect(readZone({ type: 'Feature', properties: { name: 'x' }, geometry: polygon }).zone).toEqual(polygon);
    expect(readZone({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: polygon }] }).zone).toEqual(polygon);
    expect(readZone({ type: 'MultiPolygon', coordinates: [[ring.map(([x, y]) => [x, y, 12])]] }).zone).toEqual({ type: 'MultiPolygon', coordinates: [[ring]] });
    expect(readZone(null)).toEqual({ zone: null, problem: null });
  });
  it('says why a zone is refused', () => {
    expect(readZone({ type: 'Polygon', coordinates: [ring.slice(0, 3)] }).problem).toBe('ring');
    expect(readZone({ type: 'Polygon', coordinates: [[...ring.slice(0, 3), [9.95, 53.7]]] }).problem).toBe('open');
    expect(readZone({ type: 'Polygon', coordinates: [[[9.9, 91], ...ring.slice(1, 3), [9.9, 91]]] }).problem).toBe('coordinates');
    expect(readZone({ type: 'Point', coordinates: [9.9, 53.6] }).problem).toBe('type');
    expect(readZone('POLYGON((1 2))').problem).toBe('type');
    const many = Array.from({ length: ZONE_MAX_POINTS + 5 }, (_, i) => [9.9 + Math.cos(i) / 100, 53.6 + Math.sin(i) / 100]);
    expect(readZone({ type: 'Polygon', coordinates: [[...many, many[0]]] }).problem).toBe('tooMany');
  });
  it('reads postcodes', () => {
    expect(parsePostcodes('20259, 20257 20259;20253')).toEqual(['20259', '20257', '20253']);
    expect(parsePostcodes('20259, <b>')).toBeNull();
  });
});

describe('brand colours in the page', () => {
  it('writes the owner colours and their shades, and nothing for an empty or hostile value', async () => {
    const { brandingCss } = await import('../../src/shared/contract/branding');
    const css = brandingCss({ BRAND_COLOR: '#7A1F3D', ACCENT_COLOR: '#e9a23b' });
    expect(css).toContain(':root{--brand:#7a1f3d;--brand-dark:color-mix(in srgb,#7a1f3d 78%,#000)');
    expect(css).toContain('--accent:#e9a23b');
    expect(brandingCss({ BRAND_COLOR: '' })).toBe('');
    expect(brandingCss({ BRAND_COLOR: 'red;}body{display:none' })).toBe('');
  });
});
