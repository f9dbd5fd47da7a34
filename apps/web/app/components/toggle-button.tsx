import type { ReactNode } from 'react';
import { Spinner } from './load-state';

/**
 * An on/off button (收藏 / 已收藏, 关注 / 已关注) in the site's button look: `aria-pressed` says which,
 * and while the change is saved it shows a spinner and is busy, not disabled, so it keeps the
 * keyboard's focus (a click then does nothing).
 */
export function ToggleButton({
  pressed,
  busy,
  icon,
  title,
  onClick,
  children,
}: {
  pressed: boolean;
  busy: boolean;
  /** The icon beside the words (one for each state, chosen by the caller). */
  icon: ReactNode;
  /** A hint shown on hover. */
  title?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="button"
      title={title}
      aria-pressed={pressed}
      aria-busy={busy}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {busy ? <Spinner /> : icon}
      {children}
    </button>
  );
}
