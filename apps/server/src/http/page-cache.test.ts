import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, PageCache, preferredEncoding, withoutTimestamp } from './page-cache.js';

/** The page cache's bounds and lifetime, on a clock the test moves. */

function cacheWith(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let now = 1_000_000;
  const cache = new PageCache({ ttlMs: options.ttlMs ?? 30_000, maxEntries: options.maxEntries ?? 100, maxBytes: options.maxBytes ?? 1_000_000, now: () => now });
  return { cache, advance: (ms: number) => void (now += ms) };
}

const page = (text: string) => Buffer.from(`<html>${text}</html>`);
const headers = (): Array<[string, string]> => [['content-type', 'text/html; charset=utf-8'], ['content-security-policy', "script-src 'nonce-a'"]];

describe('the page cache', () => {
  it('keeps an entry for its lifetime only (a scheduled article shows at most that late)', () => {
    const { cache, advance } = cacheWith({ ttlMs: 30_000 });
    cache.store('http:/home', cache.mark(), page('home'), headers());
    advance(29_999);
    expect(cache.get('http:/home')?.body.toString()).toBe('<html>home</html>');
    advance(1);
    expect(cache.get('http:/home')).toBeUndefined();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used entry beyond its number of entries', () => {
    const { cache } = cacheWith({ maxEntries: 2 });
    cache.store('a', cache.mark(), page('a'), headers());
    cache.store('b', cache.mark(), page('b'), headers());
    cache.get('a');
    cache.store('c', cache.mark(), page('c'), headers());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('drops the least recently used entries beyond its bytes, and never keeps a page larger than all of them', () => {
    const { cache } = cacheWith({ maxBytes: 3_000 });
    cache.store('a', cache.mark(), Buffer.alloc(1_000), headers());
    cache.store('b', cache.mark(), Buffer.alloc(1_000), headers());
    expect(cache.stats.entries).toBe(1);
    expect(cache.get('b')).toBeDefined();
    expect(cache.stats.bytes).toBeLessThanOrEqual(3_000);
    const huge = cache.store('huge', cache.mark(), Buffer.alloc(5_000), headers());
    expect(huge.body.length).toBe(5_000);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('counts compressed copies in its bytes', async () => {
    const { cache } = cacheWith();
    const stored = cache.store('a', cache.mark(), Buffer.from('x'.repeat(10_000)), headers());
    const before = cache.stats.bytes;
    const br = await cache.encode(stored, 'br');
    expect(await cache.encode(stored, 'br')).toBe(br);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.stats.bytes).toBe(before + br.length);
  });

  it('is emptied by a change, and keeps out a page whose render began before it', () => {
    const { cache } = cacheWith();
    cache.store('a', cache.mark(), page('a'), headers());
    const renderBegan = cache.mark();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    const late = cache.store('b', renderBegan, page('old b'), headers());
    expect(late.body.toString()).toBe('<html>old b</html>');
    expect(cache.get('b')).toBeUndefined();
    cache.store('b', cache.mark(), page('new b'), headers());
    expect(cache.get('b')?.body.toString()).toBe('<html>new b</html>');
  });

  it('gives other bytes or another policy another validator', () => {
    const { cache } = cacheWith();
    const a = cache.store('a', cache.mark(), page('a'), headers());
    const b = cache.store('b', cache.mark(), page('b'), headers());
    const c = cache.store('c', cache.mark(), page('a'), [['content-security-policy', "script-src 'nonce-b'"]]);
    expect(new Set([a.tag, b.tag, c.tag]).size).toBe(3);
    expect(cache.store('d', cache.mark(), page('a'), headers()).tag).toBe(a.tag);
  });
});

describe('negotiation', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('compares If-None-Match weakly and takes *', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"a-br"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe("the clients' timestamp parameter", () => {
  it('is left out of a query, the other parameters kept as written and in their order', () => {
    expect(withoutTimestamp('')).toBe('');
    expect(withoutTimestamp('?_t=1')).toBe('');
    expect(withoutTimestamp('?page=2&_t=1700000000000')).toBe('?page=2');
    expect(withoutTimestamp('?_t=1&keyword=%E4%B9%B3%E7%B3%96&page=2')).toBe('?keyword=%E4%B9%B3%E7%B3%96&page=2');
    expect(withoutTimestamp('?sort_t=1&a_t=2')).toBe('?sort_t=1&a_t=2');
    expect(withoutTimestamp('?b=1&a=2&_t=3&_t=4')).toBe('?b=1&a=2');
  });
});
