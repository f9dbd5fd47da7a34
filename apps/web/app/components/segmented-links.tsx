import { Link } from 'react-router';
import './segmented-links.css';

export interface SegmentedLink {
  label: string;
  /** Where it leads (the same list with its choice in the query string). */
  to: string;
  current: boolean;
}

/**
 * A few views of one list side by side (全部 · 行业动态 · 政策解读 …) in antd's segmented look: each a
 * link, so the choice is in the URL and works before the page's code has loaded; the chosen one is the
 * current page. The row scrolls sideways when it is wider than the screen.
 */
export function SegmentedLinks({
  label,
  items,
  className,
  preventScrollReset,
}: {
  label: string;
  items: SegmentedLink[];
  className?: string;
  /** The page stays where it is scrolled to (a filter above a list). */
  preventScrollReset?: boolean;
}) {
  return (
    <nav className={className ? `segmented-links ${className}` : 'segmented-links'} aria-label={label}>
      <ul className="segmented-links__list">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              preventScrollReset={preventScrollReset}
              className={item.current ? 'segmented-links__item is-current' : 'segmented-links__item'}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
