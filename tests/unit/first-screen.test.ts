import { describe, expect, it } from 'vitest';
import { serializeFirstScreen } from '../../src/shared/contract/first-screen';

describe('the first screen written into the page', () => {
  it('cannot close its <script> element, whatever the catalog says', () => {
    const text = serializeFirstScreen({ lang: 'de', answers: { '/pages': { data: [{ text: '</script><script>alert(1)</script>\u2028' }] } } });
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual({ lang: 'de', answers: { '/pages': { data: [{ text: '</script><script>alert(1)</script>\u2028' }] } } });
  });
});
