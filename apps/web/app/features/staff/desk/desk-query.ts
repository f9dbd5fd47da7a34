import { useSearchParams } from 'react-router';

/** A value for `go`: a string or number sets the parameter, null (or '', or a page of 1) removes it, undefined leaves it. */
export type DeskChange = string | number | null | undefined;

/** The longest keyword a desk searches for (the API's limit). */
export const DESK_KEYWORD_MAX = 50;

/** The address's parameters after `changes` (see DeskChange); the others stay as they are. */
export function changedParams(searchParams: URLSearchParams, changes: Record<string, DeskChange>): URLSearchParams {
  const params = new URLSearchParams(searchParams);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const text = value === null ? '' : String(value).trim();
    if (!text || (key === 'page' && text === '1')) params.delete(key);
    else params.set(key, text);
  }
  return params;
}

/** What a desk reads from its address: the keyword (trimmed, at most 50 characters), the page, the open item. */
export function deskState(searchParams: URLSearchParams) {
  const keyword = (searchParams.get('keyword') ?? '').trim().slice(0, DESK_KEYWORD_MAX);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const open = searchParams.get('id');
  const openId: number | 'new' | undefined = open === 'new' ? 'new' : Number(open) || undefined;
  return { keyword, page, openId };
}

/** The parameter's value when it is one of `values`, else `fallback` (a filter read from the address). */
export function paramOf<V extends string>(value: string | null, values: readonly V[], fallback: V): V;
export function paramOf<V extends string>(value: string | null, values: readonly V[]): V | undefined;
export function paramOf<V extends string>(value: string | null, values: readonly V[], fallback?: V): V | undefined {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/**
 * A desk's list state lives in the address (filters, keyword, page, the open item: `?id=` a number or
 * `new`), so that reloading, going back and sharing a link keep it.
 */
export function useDeskQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const go = (changes: Record<string, DeskChange>) => {
    setSearchParams(changedParams(searchParams, changes), { preventScrollReset: true });
  };
  return { searchParams, ...deskState(searchParams), go };
}
