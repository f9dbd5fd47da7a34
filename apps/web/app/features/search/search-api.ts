import type { ApiRequest } from '@fuliaotong/contracts';
import type { ApiClient } from '@fuliaotong/client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const searchApi = {
  search: (c: ApiClient, query: SearchParams) => c.call('search', { query }),
};

export type SearchParams = ApiRequest<'search'>['query'];

export const searchQuery = (query: SearchParams, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.search(query), queryFn: () => searchApi.search(client, query) });
