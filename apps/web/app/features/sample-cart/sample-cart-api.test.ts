import { describe, expect, it } from 'vitest';
import { parseCartCount } from './sample-cart-api';

describe('parseCartCount (GET sample-cart-num answers text/plain)', () => {
  it('reads the plain-text number, or a JSON number', () => {
    expect(parseCartCount('0')).toBe(0);
    expect(parseCartCount('3\n')).toBe(3);
    expect(parseCartCount('120')).toBe(120);
    expect(parseCartCount(7)).toBe(7);
  });
  it.each([null, '', 'abc', '-1', '1.5', { count: 3 }])('refuses %j', (payload) => {
    expect(() => parseCartCount(payload)).toThrow();
  });
});
