import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_TTL_MS, claimChunkReload } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('chunk reload guard', () => {
  it('allows one reload per path within 10 s', () => {
    const storage = memoryStorage();
    expect(claimChunkReload('/news', storage, 1_000)).toBe(true);
    expect(claimChunkReload('/news', storage, 1_000 + CHUNK_RELOAD_TTL_MS - 1)).toBe(false);
  });

  it('allows it again after 10 s', () => {
    const storage = memoryStorage();
    expect(claimChunkReload('/news', storage, 0)).toBe(true);
    expect(claimChunkReload('/news', storage, CHUNK_RELOAD_TTL_MS + 1)).toBe(true);
  });

  it('keeps paths apart', () => {
    const storage = memoryStorage();
    expect(claimChunkReload('/news', storage, 0)).toBe(true);
    expect(claimChunkReload('/regulations', storage, 1)).toBe(true);
  });

  it('treats an unreadable mark as no mark', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_KEY, '{not json');
    expect(claimChunkReload('/news', storage, 0)).toBe(true);
  });
});
