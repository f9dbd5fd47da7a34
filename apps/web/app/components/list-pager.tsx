import { Link, useSearchParams } from 'react-router';
import './list-pager.css';

/** The pages shown around the current one; further ones are reached through the first, the last, or "…". */
const AROUND = 2;

/** The page numbers to show, with `null` for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageNumbers(current: number, last: number): Array<number | null> {
  const from = Math.max(2, current - AROUND);
  const to = Math.min(last - 1, current + AROUND);
  const numbers: Array<number | null> = [1];
  if (from > 2) numbers.push(from === 3 ? 2 : null);
  for (let n = from; n <= to; n++) numbers.push(n);
  if (to < last - 1) numbers.push(to === last - 2 ? last - 1 : null);
  if (last > 1) numbers.push(last);
  return numbers;
}

/**
 * A link to this list with some query parameters changed (a value) or removed (undefined): `?a=1&b=2`,
 * or `?` for none. The one way a list's links build their address (its pages, a category, a kind).
 */
export function withParams(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const search = next.toString();
  return search ? `?${search}` : '?';
}

/**
 * Pagination kept in the URL (`page`), so that a page of results can be shared and the back button works.
 * Each page is a link (it works before the page's code has loaded, and search engines follow it).
 */
export function ListPager({
  total,
  pageSize,
  cap,
  atLeast = cap !== undefined && total >= cap,
  about = false,
  nextCursor,
}: {
  total: number;
  pageSize: number;
  /** Pages by number offer this many records at most (they stop there; a cursor goes on). */
  cap?: number;
  /** `total` is a count that stopped at the cap: shown as "1,000+". */
  atLeast?: boolean;
  /** `total` is an estimate: shown as "约 86,745". */
  about?: boolean;
  /**
   * The list continues from a cursor (`after`): 下一页 carries it, so page 51 costs what page 2 does,
   * and goes on past the numbered pages; null on the last page.
   */
  nextCursor?: string | null;
}) {
  const [params] = useSearchParams();
  const numbered = Math.max(1, Math.ceil(Math.min(total, cap ?? total) / pageSize));
  const requested = Math.max(1, Number(params.get('page')) || 1);
  // A page reached through the cursor may lie past the numbered ones.
  const page = params.get('after') ? requested : Math.min(numbered, requested);
  const last = Math.max(numbered, page);
  const hasNext = nextCursor === undefined ? page < last : nextCursor !== null;
  if (total <= pageSize && page === 1) return null;
  const href = (n: number) => withParams(params, { page: n > 1 ? String(n) : undefined, after: undefined });
  const nextHref = nextCursor ? withParams(params, { page: String(page + 1), after: nextCursor }) : href(page + 1);
  const step = (n: number, text: string, label: string, className: string) =>
    n < 1 || (n > page ? !hasNext : n > numbered) ? (
      // No page before the first or after the last: shown greyed, not read aloud.
      <span className={`list-pager__item ${className} is-disabled`} aria-hidden>
        {text}
      </span>
    ) : (
      <Link to={n > page ? nextHref : href(n)} className={`list-pager__item ${className}`} aria-label={label} rel={n < page ? 'prev' : 'next'}>
        <span aria-hidden>{text}</span>
      </Link>
    );
  return (
    <nav className="list-pager" aria-label="分页">
      <span className="list-pager__total">
        {about ? `共约 ${total.toLocaleString('zh-CN')} 条` : atLeast ? `共 ${total.toLocaleString('zh-CN')}+ 条` : `共 ${total.toLocaleString('zh-CN')} 条`}
      </span>
      {page - 1 > numbered ? (
        // Past the numbered pages the previous one has no address of its own: the page came from it.
        <button type="button" className="list-pager__item list-pager__prev" aria-label="上一页" onClick={() => window.history.back()}>
          <span aria-hidden>‹</span>
        </button>
      ) : (
        step(page - 1, '‹', '上一页', 'list-pager__prev')
      )}
      {(page > numbered ? [...pageNumbers(numbered, numbered), null, page] : pageNumbers(page, last)).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} className="list-pager__gap" aria-hidden>
            …
          </span>
        ) : n === page ? (
          <span key={n} className="list-pager__item is-current" aria-current="page">
            <span className="visually-hidden">第 </span>
            {n}
            <span className="visually-hidden"> 页</span>
          </span>
        ) : (
          <Link key={n} to={href(n)} className="list-pager__item" aria-label={`第 ${n} 页`}>
            {n}
          </Link>
        ),
      )}
      {step(page + 1, '›', '下一页', 'list-pager__next')}
    </nav>
  );
}

/**
 * The query string as it is now. A navigation renders in a transition, after the address has changed:
 * a second filter picked in that moment must build on the address, not on the previous render's params.
 */
function currentParams(rendered: URLSearchParams): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? rendered : window.location.search);
}

/** Sets (or removes, for an empty value) query parameters and goes back to the first page. */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | undefined | null>) => {
    const updated = currentParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) updated.set(key, value);
      else updated.delete(key);
    }
    updated.delete('page');
    updated.delete('after');
    setParams(updated);
  };
  return [params, set] as const;
}
