import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Query } from '@fuliaotong/client';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Calls of the catalogue; each takes the client to use (the server's in loaders, the browser's after). */
export const excipientApi = {
  home: (c: ApiClient) => c.call('home'),
  excipients: (c: ApiClient, query: Query) => c.call('excipientList', { query }),
  excipientFacets: (c: ApiClient) => c.call('excipientFacets'),
  excipient: (c: ApiClient, id: number) => c.call('excipientGet', { params: { id } }),
};

export const homeQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.home(), queryFn: () => excipientApi.home(client) });

export const excipientPageQuery = (query: Record<string, string>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipientPage(query), queryFn: () => excipientApi.excipients(client, query) });

export const excipientFacetsQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipientFacets(), queryFn: () => excipientApi.excipientFacets(client) });

export const excipientQuery = (id: number, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.excipient(id), queryFn: () => excipientApi.excipient(client, id) });
