import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS, isNewBuildAvailable, MANIFEST_FETCH_DELAY_MS, resetBuildWatch, startBuildWatch } from './build-watch';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('build watch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetBuildWatch();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the manifest 1 s after start, then polls the latest build with a timestamp', async () => {
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = (input instanceof Request ? input.url : input.toString());
      urls.push(url);
      return url.includes('/meta/') ? json({ id: 'b1', timestamp: 100 }) : json({ id: 'b1', timestamp: 100 });
    });
    const stop = startBuildWatch({ currentBuildId: 'b1', apiBase: '', fetch: fetch });
    await vi.advanceTimersByTimeAsync(MANIFEST_FETCH_DELAY_MS - 1);
    expect(urls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toEqual(['/api/build/meta/b1']);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(urls[1]).toMatch(/^\/api\/build\/latest\?_t=\d+$/);
    expect(isNewBuildAvailable()).toBe(false);
    stop();
  });

  it('marks a newer build for the next navigation', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      (input instanceof Request ? input.url : input.toString()).includes('/meta/') ? json({ id: 'b1', timestamp: 100 }) : json({ id: 'b2', timestamp: 200 }),
    );
    const stop = startBuildWatch({ currentBuildId: 'b1', apiBase: '', fetch: fetch, intervalMs: 5_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isNewBuildAvailable()).toBe(true);
    stop();
  });

  it('only logs a failed manifest fetch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn(async () => json({ error: {} }, 500));
    const stop = startBuildWatch({ currentBuildId: 'b1', apiBase: '', fetch: fetch });
    await vi.advanceTimersByTimeAsync(MANIFEST_FETCH_DELAY_MS);
    expect(warn).toHaveBeenCalled();
    expect(isNewBuildAvailable()).toBe(false);
    stop();
    warn.mockRestore();
  });
});
