import type { ExcipientDetail, ExcipientFacets, ExcipientPage, HomeData } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ApiClient, Query } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Calls of the catalogue; each takes the client to use (the server's in loaders, the browser's after). */
export const catalogueApi = {
  home: (c: ApiClient) => c.get<HomeData>('/api/app/home'),
  excipients: (c: ApiClient, query: Query) => c.get<ExcipientPage>('/api/app/excipient', { query }),
  excipientFacets: (c: ApiClient) => c.get<ExcipientFacets>('/api/app/excipient/facets'),
  excipient: (c: ApiClient, id: number) => c.get<ExcipientDetail>(`/api/app/excipient/${id}`),
};

export const homeQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.home(), queryFn: () => catalogueApi.home(client) });

export const excipientPageQuery = (query: Record<string, string>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipientPage(query), queryFn: () => catalogueApi.excipients(client, query) });

export const excipientFacetsQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipientFacets(), queryFn: () => catalogueApi.excipientFacets(client) });

export const excipientQuery = (id: number, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipient(id), queryFn: () => catalogueApi.excipient(client, id) });
