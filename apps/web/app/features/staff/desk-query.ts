import { useSearchParams } from 'react-router';

/** A value for `go`: a string or number sets the parameter, null (or '', or a page of 1) removes it, undefined leaves it. */
type Change = string | number | null | undefined;

/**
 * A desk's list state lives in the address (filters, keyword, page, the open item: `?id=` a number or
 * `new`), so that reloading, going back and sharing a link keep it.
 */
export function useDeskQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim().slice(0, 50);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const open = searchParams.get('id');
  const openId: number | 'new' | undefined = open === 'new' ? 'new' : Number(open) || undefined;
  const go = (changes: Record<string, Change>) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      const text = value === null ? '' : String(value).trim();
      if (!text || (key === 'page' && text === '1')) params.delete(key);
      else params.set(key, text);
    }
    setSearchParams(params, { preventScrollReset: true });
  };
  return { searchParams, keyword, page, openId, go };
}
