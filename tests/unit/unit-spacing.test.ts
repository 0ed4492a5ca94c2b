import { describe, expect, it } from 'vitest';
import { keepUnitWithNumber } from '../../src/client/ui/unit-spacing';

describe('keepUnitWithNumber', () => {
  it('joins a number and its unit with a non-breaking space', () => {
    expect(keepUnitWithNumber('Klein 26 cm')).toBe('Klein 26\u00a0cm');
    expect(keepUnitWithNumber('Flasche 0,33 l (Glas)')).toBe('Flasche 0,33\u00a0l (Glas)');
    expect(keepUnitWithNumber('Portion 250 g, scharf')).toBe('Portion 250\u00a0g, scharf');
  });

  it('leaves words that only begin like a unit, and names without numbers', () => {
    expect(keepUnitWithNumber('2 große Pizzen')).toBe('2 große Pizzen');
    expect(keepUnitWithNumber('Für 2 glückliche Gäste')).toBe('Für 2 glückliche Gäste');
    expect(keepUnitWithNumber('Medium')).toBe('Medium');
  });
});
