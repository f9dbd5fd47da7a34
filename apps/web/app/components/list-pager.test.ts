import { describe, expect, it } from 'vitest';
import { pageNumbers, withParams } from './list-pager';

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

describe('withParams', () => {
  it('changes and removes parameters, keeping the others in their order', () => {
    const params = new URLSearchParams('keyword=乳糖&category=填充剂&page=3');
    expect(withParams(params, { category: '崩解剂', page: undefined })).toBe(
      '?keyword=%E4%B9%B3%E7%B3%96&category=%E5%B4%A9%E8%A7%A3%E5%89%82',
    );
    expect(withParams(params, { page: '4' })).toBe('?keyword=%E4%B9%B3%E7%B3%96&category=%E5%A1%AB%E5%85%85%E5%89%82&page=4');
  });

  it('is `?` when nothing is left, so that a link to the unfiltered list still stays on the page', () => {
    expect(withParams(new URLSearchParams('page=2'), { page: undefined })).toBe('?');
  });
});
