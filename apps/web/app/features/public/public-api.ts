import type {
  DatabaseList,
  ExcipientDetail,
  ExcipientFacets,
  ExcipientPage,
  Favorite,
  FavoriteBody,
  FavoritePage,
  HomeData,
  NewsDetail,
  NewsPage,
  RegistrationDetail,
  RegistrationPage,
  RegulationDetail,
  RegulationPage,
  SearchResult,
  StandardRecord,
  UsageRecord,
} from '@fuliaotong/contracts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { ApiError, type ApiClient, type Query } from '../../lib/api-client';
import { api, serverApi } from '../../lib/api';

/** Calls of the public pages; each takes the client to use (the server's in loaders, the browser's after). */
export const publicApi = {
  home: (c: ApiClient) => c.get<HomeData>('/api/app/home'),
  excipients: (c: ApiClient, query: Query) => c.get<ExcipientPage>('/api/app/excipient', { query }),
  excipientFacets: (c: ApiClient) => c.get<ExcipientFacets>('/api/app/excipient/facets'),
  excipient: (c: ApiClient, id: number) => c.get<ExcipientDetail>(`/api/app/excipient/${id}`),
  registrations: (c: ApiClient, query: Query) => c.get<RegistrationPage>('/api/app/registration', { query }),
  registration: (c: ApiClient, id: number) => c.get<RegistrationDetail>(`/api/app/registration/${id}`),
  databases: (c: ApiClient) => c.get<DatabaseList>('/api/app/database'),
  databaseRecords: <T>(c: ApiClient, code: string, query: Query) =>
    c.get<{ items: T[]; totalCount: number }>(`/api/app/database/${code}/records`, { query }),
  databaseRecord: (c: ApiClient, code: string, id: number) =>
    c.get<StandardRecord | UsageRecord>(`/api/app/database/${code}/records/${id}`),
  regulations: (c: ApiClient, query: Query) => c.get<RegulationPage>('/api/app/regulation', { query }),
  regulation: (c: ApiClient, id: number) => c.get<RegulationDetail>(`/api/app/regulation/${id}`),
  news: (c: ApiClient, query: Query) => c.get<NewsPage>('/api/app/news', { query }),
  newsArticle: (c: ApiClient, id: number) => c.get<NewsDetail>(`/api/app/news/${id}`),
  search: (c: ApiClient, query: Query) => c.get<SearchResult>('/api/app/search', { query }),
  favorites: (query: Query) => api().get<FavoritePage>('/api/app/favorite', { query }),
  addFavorite: (body: FavoriteBody) => api().post<Favorite>('/api/app/favorite', { json: body }),
  removeFavorite: (id: number) => api().delete<null>(`/api/app/favorite/${id}`),
};

/**
 * Runs a loader's API calls on the server client; an API 404 becomes the page's 404 and a 400 (a bad
 * filter in a hand-edited URL) a 400 with the API's Chinese message.
 */
export async function loadOrThrow<T>(context: AppLoadContext, load: (client: ApiClient) => Promise<T>): Promise<T> {
  try {
    return await load(serverApi(context));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
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
