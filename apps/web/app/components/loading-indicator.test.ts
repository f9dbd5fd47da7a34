import { describe, expect, it } from 'vitest';
import { estimatedProgress, LOADING_INDICATOR } from './loading-indicator';

describe('loading indicator', () => {
  it('keeps the site timing', () => {
    expect(LOADING_INDICATOR).toEqual({ duration: 2000, throttle: 200, height: 3, hideDelay: 500, resetDelay: 400 });
  });

  it('grows monotonically towards, but never reaches, 100 %', () => {
    const values = [0, 200, 1000, 2000, 10_000, 1e9].map((t) => estimatedProgress(LOADING_INDICATOR.duration, t));
    expect(values[0]).toBe(0);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
    expect(values.at(-1)).toBeLessThan(100);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.5, 0);
  });
});
