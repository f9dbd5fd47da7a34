import { describe, expect, it } from 'vitest';
import { beijingYear, chinaDate } from './beijing-time.js';

describe('Beijing time', () => {
  it('counts a year from Beijing midnight on 1 January: 16:00 UTC the day before', () => {
    expect(beijingYear(new Date('2026-12-31T15:59:59.999Z'))).toEqual({
      year: 2026,
      since: new Date('2025-12-31T16:00:00Z'),
      until: new Date('2026-12-31T16:00:00Z'),
    });
    expect(beijingYear(new Date('2026-12-31T16:00:00Z')).year).toBe(2027);
    expect(chinaDate(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
  });
});
