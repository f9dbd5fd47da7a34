import { useSyncExternalStore } from 'react';

/** Where lists switch from cards (phones, WeChat) to tables. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(WIDE_SCREEN_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * true on screens wide enough for a table. The pages that use it render in the browser only (they
 * wait for the session check), so the server's answer (wide) is never compared with the browser's.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => true,
  );
}
