import type { DatabaseCode } from '@fuliaotong/contracts';
import type { ApiClient, Query } from '@fuliaotong/client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Calls of the databases; each takes the client to use (server or browser). */
export const referenceApi = {
  databases: (c: ApiClient) => c.call('databaseList'),
  databaseRecords: (c: ApiClient, code: DatabaseCode, query: Query) => c.call('databaseRecords', { params: { code }, query }),
  databaseRecord: (c: ApiClient, code: DatabaseCode, id: number) =>
    c.call('databaseRecord', { params: { code, id } }),
};

export const referenceListQuery = (client: ApiClient = api()) =>
  queryOptions({ queryKey: queryKeys.referenceList(), queryFn: () => referenceApi.databases(client) });

/** The records of the standards or the usage database (only with a session: the browser's client). */
export const referenceRecordPageQuery = (code: DatabaseCode, query: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.referenceRecordPage(code, query),
    queryFn: () => referenceApi.databaseRecords(api(), code, query),
  });

export const referenceRecordQuery = (code: DatabaseCode, id: number) =>
  queryOptions({ queryKey: queryKeys.referenceRecord(code, id), queryFn: () => referenceApi.databaseRecord(api(), code, id) });

/** The database list as the signed-in user sees it (whether each one is open to them). */
export const personalReferenceListQuery = () =>
  queryOptions({ queryKey: queryKeys.personal(queryKeys.referenceList()), queryFn: () => referenceApi.databases(api()) });
