import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiError, type ApiClient } from '@fuliaotong/client';
import { serverApi } from './api';

/** Prefetches one query (the very queryOptions a page uses) and answers its data. */
export type EnsureQuery = <T, Key extends QueryKey>(options: FetchQueryOptions<T, Error, T, Key>) => Promise<T>;

/**
 * A server loader's data (public pages are rendered on the server, anonymously): `load` prefetches the
 * feature's queryOptions, built on the server's in-process API client, with `ensure`; the page then
 * seeds its query cache with the loader data (see usePublicQuery). An API `not_found` becomes the page's
 * 404 and a `bad_request`/`validation_failed` (a bad filter in a hand-edited URL) a 400 with the API's
 * Chinese message.
 */
export async function loadQueries<T>(
  context: AppLoadContext,
  load: (ensure: EnsureQuery, client: ApiClient) => Promise<T>,
): Promise<T> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ensure: EnsureQuery = (options) => queryClient.ensureQueryData(options);
  try {
    return await load(ensure, serverApi(context));
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === 'not_found' || error.code === 'bad_request' || error.code === 'validation_failed')
    ) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  } finally {
    queryClient.clear();
  }
}

/**
 * A positive integer id from the query string. Without one the visitor is sent to `listPath` (the page
 * the detail belongs to); anything that is not an id is a 404.
 */
export function idFrom(url: URL, listPath: string, name = 'id'): number {
  const raw = url.searchParams.get(name) ?? '';
  if (raw === '') throw redirect(listPath);
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) throw data({ message: '缺少或无效的编号（id）' }, { status: 404 });
  return id;
}

/** The query string as an API query (empty values dropped). */
export function queryFrom(url: URL, names: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query[name] = value;
  }
  return query;
}
