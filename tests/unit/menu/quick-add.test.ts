import { describe, expect, it } from 'vitest';
import { quickAddChoice } from '../../../src/client/features/menu/quick-add';
import { makeOption, makeProduct, makeSize, makeVariant } from '../../factories/catalog';

describe('quickAddChoice', () => {
  it('adds a dish with one size and nothing required in its only size, with no options or extras', () => {
    const size = makeSize();
    const product = makeProduct({ sizes: [size], variants: [makeVariant({ required: false, options: [makeOption()] })] });
    expect(quickAddChoice(product)).toEqual({ sizeId: size.id, options: {}, extraIds: [] });
  });

  it('opens the sheet for a dish with several sizes or a required variant', () => {
    expect(quickAddChoice(makeProduct({ sizes: [makeSize(), makeSize()] }))).toBeNull();
    const required = makeVariant({ required: true, type: 'select', options: [makeOption(), makeOption()] });
    expect(quickAddChoice(makeProduct({ sizes: [makeSize()], variants: [required] }))).toBeNull();
  });
});
