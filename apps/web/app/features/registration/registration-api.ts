import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Query } from '@fuliaotong/client';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Calls of the CDE registration information; each takes the client to use (server or browser). */
export const registrationApi = {
  registrations: (c: ApiClient, query: Query) => c.call('registrationSearch', { query }),
  registration: (c: ApiClient, id: number) => c.call('registrationGet', { params: { id } }),
};

export const registrationPageQuery = (query: Record<string, string>, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.registrationPage(query), queryFn: () => registrationApi.registrations(client, query) });

export const registrationQuery = (id: number, client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.registration(id), queryFn: () => registrationApi.registration(client, id) });
