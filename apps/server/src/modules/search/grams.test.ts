import { describe, expect, it } from 'vitest';
import { containsPattern, gramsOf, highlightRanges } from './grams.js';

describe('keyword grams', () => {
  it('uses the character itself for one character and two-character grams otherwise', () => {
    expect(gramsOf('糖')).toEqual(['糖']);
    expect(gramsOf(' 乳糖 ')).toEqual(['乳糖']);
    expect(gramsOf('一水乳糖')).toEqual(['一水', '水乳', '乳糖']);
    expect(gramsOf('MCC PH')).toEqual(['mc', 'cc', 'ph']);
    expect(gramsOf('   ')).toEqual([]);
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
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
  });
});
