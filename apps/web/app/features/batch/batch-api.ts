import type { Batch, BatchCreateBody, BatchResultsBody, BatchSetState, BatchState, BatchUpdateBody } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/*
 * The quality desk's batches (批次与检验报告, docs/decisions/0073-batches-and-coa-lookup.md): the list,
 * one batch, its writes (create, edit, results, state, the signed original), its COA and the import.
 */

export const ADMIN_BATCHES_PAGE_SIZE = 20;

export const adminBatchesQuery = (query: { excipientId?: number; status?: BatchState; batchNumber?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_BATCHES_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminBatchPage(request),
    queryFn: () => api().call('adminBatchList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminBatchQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminBatch(id), queryFn: () => api().call('adminBatchDetail', { params: { id } }), retry: false });

function useBatchChanged() {
  const queryClient = useQueryClient();
  return async (batch: Batch) => {
    queryClient.setQueryData(queryKeys.adminBatch(batch.id), batch);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...queryKeys.adminBatches(), 'page'], refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

export function useCreateBatch() {
  const changed = useBatchChanged();
  return useMutation({ mutationFn: (body: BatchCreateBody) => api().call('adminBatchCreate', { body }), onSuccess: changed });
}

export function useUpdateBatch(id: number) {
  const changed = useBatchChanged();
  return useMutation({ mutationFn: (body: BatchUpdateBody) => api().call('adminBatchUpdate', { params: { id }, body }), onSuccess: changed });
}

export function useBatchResults(id: number) {
  const changed = useBatchChanged();
  return useMutation({ mutationFn: (body: BatchResultsBody) => api().call('adminBatchResults', { params: { id }, body }), onSuccess: changed });
}

export function useBatchStatus(id: number) {
  const changed = useBatchChanged();
  return useMutation({ mutationFn: (status: BatchSetState) => api().call('adminBatchStatus', { params: { id }, body: { status } }), onSuccess: changed });
}

export function useUploadSignedCoa(id: number) {
  const changed = useBatchChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('adminBatchCoaUpload', { params: { id }, body });
    },
    onSuccess: changed,
  });
}

export function useImportBatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('adminBatchImport', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminBatches() }),
  });
}

export function downloadBatchCoa(batch: Pick<Batch, 'id' | 'batchNumber' | 'excipient'>): Promise<boolean> {
  return downloadFile('adminBatchCoa', { params: { id: batch.id } }, `${batch.excipient.name}-${batch.batchNumber}-检验报告.pdf`);
}
