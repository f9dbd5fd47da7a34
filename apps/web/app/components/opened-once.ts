import { useState } from 'react';

/**
 * Which of a page's dialogs have been opened at least once: a dialog that loads when first opened
 * (React.lazy) is rendered from then on, so that it closes with its animation and keeps its place.
 */
export function useOpenedOnce<K extends string>(open: Record<K, boolean>): Record<K, boolean> {
  const [opened, setOpened] = useState(() => ({ ...open }));
  const newlyOpened = (Object.keys(open) as K[]).filter((key) => open[key] && !opened[key]);
  if (newlyOpened.length > 0) {
    const next = { ...opened };
    for (const key of newlyOpened) next[key] = true;
    setOpened(next);
    return next;
  }
  return opened;
}
