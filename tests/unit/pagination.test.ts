import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../src/client/lib/pagination';

describe('pageLinks (spec §9: at most 7 page links)', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps 7 links around the current page, clamped at both ends', () => {
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageLinks(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('gives nothing for no pages', () => {
    expect(pageLinks(1, 0)).toEqual([]);
  });
});
