import { describe, expect, it } from 'vitest';
import { pageNumbers } from './list-pager';

describe('pageNumbers', () => {
  it('lists every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and two pages either side of the current one, with gaps between', () => {
    expect(pageNumbers(1, 50)).toEqual([1, 2, 3, null, 50]);
    expect(pageNumbers(10, 50)).toEqual([1, null, 8, 9, 10, 11, 12, null, 50]);
    expect(pageNumbers(50, 50)).toEqual([1, null, 48, 49, 50]);
  });

  it('shows a page instead of a gap that would hide only that page', () => {
    expect(pageNumbers(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
  });
});
