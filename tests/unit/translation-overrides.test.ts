import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { overrideMessages } from '../../src/client/lib/translation-overrides';

// Compiled English catalogs as Lingui's loader emits them: text, or tokens with [name] placeholders.
const english = [
  { a1: 'Our menu', b2: ['Order and pay · ', ['amount']], c3: [['count', 'plural', { one: ['#', ' item'], other: ['#', ' items'] }]] },
  { d4: 'Our menu' },
] as unknown as Messages[];

describe('operator overrides over the built-in catalogs', () => {
  it('replaces a text in every catalog and context it appears in', () => {
    expect(overrideMessages(english, { 'Our menu': 'Unsere Karte' })).toEqual({ a1: 'Unsere Karte', d4: 'Unsere Karte' });
  });

  it('compiles placeholders, and skips an override that drops one the built-in text has', () => {
    expect(overrideMessages(english, { 'Order and pay · {amount}': 'Jetzt zahlungspflichtig bestellen: {amount}' })).toEqual({
      b2: ['Jetzt zahlungspflichtig bestellen: ', ['amount']],
    });
    expect(overrideMessages(english, { 'Order and pay · {amount}': 'Bestellen' })).toEqual({});
  });

  it('ignores empty values, unknown texts, plurals and prototype keys', () => {
    const hostile = JSON.parse('{"__proto__": "x", "constructor": "y", "Our menu": "  ", "Nope": "z"}') as Record<string, string>;
    expect(overrideMessages(english, hostile)).toEqual({});
    expect(overrideMessages(english, { '# items': 'x' })).toEqual({});
  });
});
