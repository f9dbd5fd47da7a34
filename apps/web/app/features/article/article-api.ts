import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Query } from '@fuliaotong/client';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Calls of regulations and news; each takes the client to use (server or browser). */
export const articleApi = {
  regulations: (c: ApiClient, query: Query) => c.call('regulationList', { query }),
  regulation: (c: ApiClient, id: number) => c.call('regulationGet', { params: { id } }),
  news: (c: ApiClient, query: Query) => c.call('newsList', { query }),
  newsArticle: (c: ApiClient, id: number) => c.call('newsGet', { params: { id } }),
};

export const regulationPageQuery = (query: Record<string, string | number>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.regulationPage(query), queryFn: () => articleApi.regulations(client, query) });

export const regulationQuery = (id: number, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.regulation(id), queryFn: () => articleApi.regulation(client, id) });

export const newsPageQuery = (query: Record<string, string | number>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.newsPage(query), queryFn: () => articleApi.news(client, query) });

export const newsArticleQuery = (id: number, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.newsArticle(id), queryFn: () => articleApi.newsArticle(client, id) });
