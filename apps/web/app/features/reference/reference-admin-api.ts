import type {
  AdminUsage,
  DatabaseRecordQuery,
  ReferenceCode,
  ReferenceExportQuery,
  ReferenceImportReport,
  StandardBody,
  AdminStandard,
  UsageBody,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/* The databases desk (editors): pharmacopoeia standards and usage rows. */

export const REFERENCE_PAGE_SIZE = 20;
export const referenceLabels: Record<ReferenceCode, string> = { standard: '药典标准', usage: '辅料用量' };

export const referenceAdminApi = {
  standards: (query: DatabaseRecordQuery) => api().call('adminStandardList', { query }),
  usages: (query: DatabaseRecordQuery) => api().call('adminUsageList', { query }),
  saveStandard: (id: number | undefined, body: StandardBody): Promise<AdminStandard> =>
    id === undefined ? api().call('adminStandardCreate', { body }) : api().call('adminStandardUpdate', { params: { id }, body }),
  saveUsage: (id: number | undefined, body: UsageBody): Promise<AdminUsage> =>
    id === undefined ? api().call('adminUsageCreate', { body }) : api().call('adminUsageUpdate', { params: { id }, body }),
  remove: (code: ReferenceCode, id: number) =>
    code === 'standard' ? api().call('adminStandardDelete', { params: { id } }) : api().call('adminUsageDelete', { params: { id } }),
  import: (code: ReferenceCode, file: File, dryRun: boolean): Promise<ReferenceImportReport> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api().call('adminReferenceImport', { params: { code }, query: { dryRun: String(dryRun) as 'true' | 'false' }, body: form });
  },
  /** Saves the export (a refusal is said in a toast). */
  export: (code: ReferenceCode, query: ReferenceExportQuery): Promise<boolean> =>
    downloadFile('adminReferenceExport', { params: { code }, query }, `${referenceLabels[code]}-${new Date().toISOString().slice(0, 10)}.xlsx`),
};

export const adminStandardsQuery = (query: DatabaseRecordQuery) =>
  queryOptions({
    queryKey: queryKeys.adminReferenceRecordPage('standard', query),
    queryFn: () => referenceAdminApi.standards(query),
    placeholderData: keepPreviousData,
  });

export const adminUsagesQuery = (query: DatabaseRecordQuery) =>
  queryOptions({
    queryKey: queryKeys.adminReferenceRecordPage('usage', query),
    queryFn: () => referenceAdminApi.usages(query),
    placeholderData: keepPreviousData,
  });

/** A change to a database: the desk's lists are read again and the public database pages this browser holds are forgotten. */
function useReferenceChange<Args, Result>(change: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminReferenceRecords() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.referenceList() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.referenceRecords() }),
      ]);
    },
  });
}

/** A row the databases desk saves: new (no id) or changed. */
export type ReferenceRowSave = { code: 'standard'; id?: number; body: StandardBody } | { code: 'usage'; id?: number; body: UsageBody };

export function useSaveReferenceRow() {
  return useReferenceChange(
    (args: ReferenceRowSave): Promise<unknown> =>
      args.code === 'standard' ? referenceAdminApi.saveStandard(args.id, args.body) : referenceAdminApi.saveUsage(args.id, args.body),
  );
}

export function useRemoveReferenceRow() {
  return useReferenceChange(({ code, id }: { code: ReferenceCode; id: number }) => referenceAdminApi.remove(code, id));
}

/** Checks a file (dryRun) or writes it. */
export function useImportReference() {
  return useReferenceChange(({ code, file, dryRun }: { code: ReferenceCode; file: File; dryRun: boolean }) =>
    referenceAdminApi.import(code, file, dryRun),
  );
}

export function useExportReference() {
  return useMutation({
    mutationFn: ({ code, query }: { code: ReferenceCode; query: ReferenceExportQuery }) => referenceAdminApi.export(code, query),
  });
}
