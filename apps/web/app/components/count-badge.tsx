import type { ReactNode } from 'react';
import './count-badge.css';

/**
 * A count in a small round label on an icon's top-right corner (the sample cart's): nothing when the
 * count is 0, `overflow+` above `overflow`. Hidden from screen readers: the link or button it sits in
 * carries the count in its name.
 */
export function CountBadge({ count, overflow, color, children }: { count: number; overflow: number; color: string; children: ReactNode }) {
  return (
    <span className="count-badge-host">
      {children}
      {count > 0 ? (
        <span className="count-badge" style={{ backgroundColor: color }} aria-hidden>
          {count > overflow ? `${overflow}+` : count}
        </span>
      ) : null}
    </span>
  );
}
