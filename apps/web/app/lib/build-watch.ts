import type { BuildInfo, BuildManifest } from '@fuliaotong/contracts';
import { apiPath } from '@fuliaotong/client';

/**
 * New-deployment detection: 1 s after start the client fetches the manifest of its own build, then
 * polls the latest build info; once a newer build id is seen, the next navigation is a full page load
 * (so that the visitor gets the new assets instead of a broken chunk).
 */
export const MANIFEST_FETCH_DELAY_MS = 1_000;
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1_000;

let newBuildId: string | undefined;

export function isNewBuildAvailable(): boolean {
  return newBuildId !== undefined;
}

export interface BuildWatchOptions {
  currentBuildId: string;
  apiBase: string;
  fetch?: typeof fetch;
  intervalMs?: number;
}

export function startBuildWatch(options: BuildWatchOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const interval = options.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  let manifest: BuildManifest | undefined;

  const checkLatest = async () => {
    try {
      const response = await doFetch(`${options.apiBase}${apiPath('buildLatest')}?_t=${Date.now()}`);
      if (!response.ok) return;
      const latest = (await response.json()) as BuildInfo;
      const mine = manifest?.timestamp ?? 0;
      if (latest.id !== options.currentBuildId && latest.timestamp >= mine) newBuildId = latest.id;
    } catch (error) {
      console.warn('检查新版本失败', error);
    }
  };

  const first = setTimeout(() => {
    doFetch(`${options.apiBase}${apiPath('buildManifest', { id: options.currentBuildId })}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`manifest ${response.status}`);
        manifest = (await response.json()) as BuildManifest;
      })
      .catch((error: unknown) => console.warn('获取构建清单失败', error));
  }, MANIFEST_FETCH_DELAY_MS);
  const timer = setInterval(() => void checkLatest(), interval);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** For tests. */
export function resetBuildWatch() {
  newBuildId = undefined;
}
