/**
 * A page chunk that fails to load (typically: a new deployment removed the old assets) reloads the
 * page, but at most once per 10 seconds per path, so that a chunk that keeps failing shows the error
 * view instead of reloading forever. The guard lives in sessionStorage: it survives the reload.
 */
export const CHUNK_RELOAD_KEY = 'fuliaotong:chunk-reload';
export const CHUNK_RELOAD_TTL_MS = 10_000;

interface ReloadMark {
  path: string;
  expires: number;
}

/** Records the reload and answers true, unless this path was reloaded less than 10 s ago. */
export function claimChunkReload(path: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  let previous: Partial<ReloadMark> | null;
  try {
    previous = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null') as Partial<ReloadMark> | null;
  } catch {
    previous = null;
  }
  if (previous?.path === path && typeof previous.expires === 'number' && previous.expires > now) return false;
  storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, expires: now + CHUNK_RELOAD_TTL_MS } satisfies ReloadMark));
  return true;
}

interface RouterLike {
  state: { navigation: { location?: { pathname: string; search: string; hash: string } } };
}

/** Where the user was going when the chunk failed: the pending navigation, else the current page. */
function targetPath(): string {
  const router = (window as Window & { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
  const next = router?.state.navigation.location;
  const { pathname, search, hash } = next ?? window.location;
  return `${pathname}${search}${hash}`;
}

function reloadTo(path: string) {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (path === current) window.location.reload();
  else window.location.assign(path);
}

export function installChunkReloadGuard() {
  // Route modules (React Router's loader, patched at build time to ask us).
  window.__onRouteModuleLoadError = (error) => {
    const path = targetPath();
    if (!claimChunkReload(path, window.sessionStorage)) {
      console.error(`页面模块加载失败，10 秒内不再重复刷新：${path}`, error);
      return false;
    }
    reloadTo(path);
    return true;
  };
  // Chunks imported lazily inside a page (Vite's preload helper).
  window.addEventListener('vite:preloadError', (event) => {
    const path = targetPath();
    if (claimChunkReload(path, window.sessionStorage)) {
      event.preventDefault();
      reloadTo(path);
    }
  });
}
