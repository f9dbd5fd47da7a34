import { describe, expect, it } from 'vitest';
import { idFrom, idsFrom } from './sample-ids';

describe('idsFrom', () => {
  it('reads comma-separated ids, without repeats', () => {
    expect(idsFrom('3,5,8')).toEqual([3, 5, 8]);
    expect(idsFrom('7,7,2')).toEqual([7, 2]);
    expect(idsFrom('12')).toEqual([12]);
  });
  it.each([null, undefined, '', ',', '3,', 'a,b', '3;5', '0', '1,0', '-1', '99999999999', '2147483648'])(
    'rejects %j',
    (value) => {
      expect(idsFrom(value)).toBeNull();
    },
  );
});

describe('idFrom', () => {
  it('reads one positive id', () => {
    expect(idFrom('42')).toBe(42);
    expect(idFrom('0')).toBeNull();
    expect(idFrom('4x')).toBeNull();
    expect(idFrom(null)).toBeNull();
  });
});
