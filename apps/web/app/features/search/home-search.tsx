import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import './home-search.css';

/**
 * The site-wide search box (home pages, the search page): the words go to /search. A plain form: it
 * works before the page's code has loaded (a GET to /search), and without antd on the home page.
 */
export function HomeSearch({ size = 'large', defaultValue }: { size?: 'large' | 'middle'; defaultValue?: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    const q = field instanceof HTMLInputElement ? field.value.trim() : '';
    if (q) void navigate(withQuery(paths.search, { q }));
  };
  return (
    <form role="search" action={paths.search} method="get" className={`home-search home-search--${size}`} onSubmit={onSubmit}>
      <input
        type="search"
        name="q"
        className="home-search__input"
        defaultValue={defaultValue}
        maxLength={50}
        placeholder="搜索辅料名称、CAS 号、登记号、企业名称…"
        aria-label="站内搜索"
        enterKeyHint="search"
      />
      <button type="submit" className="home-search__button">
        搜索
      </button>
    </form>
  );
}
