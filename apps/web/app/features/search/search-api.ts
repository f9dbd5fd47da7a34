import type { SearchResult } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ApiClient, Query } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const searchApi = {
  search: (c: ApiClient, query: Query) => c.get<SearchResult>('/api/app/search', { query }),
};

export const searchQuery = (query: Record<string, string | number>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.search(query), queryFn: () => searchApi.search(client, query) });
