import { describe, expect, it } from 'vitest';
import { escapeLike, highlightRanges, normaliseKeyword, queryGrams } from './grams.js';

describe('keyword grams', () => {
  it('uses the character itself for one character and the two-character grams otherwise', () => {
    expect(queryGrams(normaliseKeyword('糖'))).toEqual(['糖']);
    expect(queryGrams(normaliseKeyword(' 乳糖 '))).toEqual(['乳糖']);
    expect(queryGrams('一水乳糖')).toEqual(['一水', '水乳', '乳糖']);
    expect(queryGrams('乳糖乳糖')).toEqual(['乳糖', '糖乳']);
    expect(queryGrams(normaliseKeyword('MCC PH'))).toEqual(['mc', 'cc', 'ph']);
    expect(queryGrams('a b')).toEqual(['a', 'b']);
    expect(queryGrams(' ')).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(queryGrams('𠀀')).toEqual(['𠀀']);
    expect(queryGrams('𠀀糖')).toEqual(['𠀀糖']);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\')).toBe('50\\%\\_a\\\\');
  });

  it('finds every occurrence, case-insensitively', () => {
    expect(highlightRanges('乳糖与无水乳糖', '乳糖')).toEqual([
      [0, 2],
      [5, 7],
    ]);
    expect(highlightRanges('Lactose lactose', 'LACTOSE')).toEqual([
      [0, 7],
      [8, 15],
    ]);
    expect(highlightRanges('aaa', 'aa')).toEqual([[0, 2]]);
    expect(highlightRanges('乳糖', ' ')).toEqual([]);
  });
});
