import type { AdminExcipient, AdminExcipientPage, AdminExcipientQuery, AdminSafetyData, DocumentUpload, ExcipientBody, SafetyDataBody } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The products desk (editors). */

export const EXCIPIENTS_PAGE_SIZE = 20;

export function fetchAdminExcipients(query: AdminExcipientQuery): Promise<AdminExcipientPage> {
  return api().call('adminExcipientList', { query });
}

export function fetchAdminExcipient(id: number): Promise<AdminExcipient> {
  return api().call('adminExcipientGet', { params: { id } });
}

export function createExcipient(body: ExcipientBody): Promise<AdminExcipient> {
  return api().call('adminExcipientCreate', { body });
}

export function updateExcipient(id: number, body: ExcipientBody): Promise<AdminExcipient> {
  return api().call('adminExcipientUpdate', { params: { id }, body });
}

export function publishExcipient(id: number, published: boolean): Promise<AdminExcipient> {
  return api().call('adminExcipientPublish', { params: { id }, body: { published } });
}

export function uploadExcipientDocument(file: Blob, fileName: string): Promise<DocumentUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api().call('adminExcipientDocumentUpload', { body: form });
}

export const adminExcipientsQuery = (query: AdminExcipientQuery) =>
  queryOptions({
    queryKey: queryKeys.adminExcipientPage(query),
    queryFn: () => fetchAdminExcipients(query),
    placeholderData: keepPreviousData,
  });

export const adminExcipientQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminExcipient(id), queryFn: () => fetchAdminExcipient(id), retry: false });

/**
 * A saved excipient: the desk shows the stored version, the desk's list is read again, and the public
 * catalogue this browser holds (lists, product pages, home) is forgotten, so it shows the change.
 */
function useExcipientChange<Args>(change: (args: Args) => Promise<AdminExcipient>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (excipient) => {
      queryClient.setQueryData(queryKeys.adminExcipient(excipient.id), excipient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminExcipients() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.excipients() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
      ]);
    },
  });
}

export function useSaveExcipient() {
  return useExcipientChange(({ id, body }: { id: number | undefined; body: ExcipientBody }) =>
    id === undefined ? createExcipient(body) : updateExcipient(id, body),
  );
}

export function usePublishExcipient() {
  return useExcipientChange(({ id, published }: { id: number; published: boolean }) => publishExcipient(id, published));
}

export function useUploadExcipientDocument() {
  return useMutation({ mutationFn: (file: File) => uploadExcipientDocument(file, file.name) });
}

/* A product's safety data sheet (安全技术说明书). */

export const adminSafetyDataQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.adminSafetyData(id),
    queryFn: (): Promise<AdminSafetyData> => api().call('adminExcipientSafetyGet', { params: { id } }),
    retry: false,
  });

/** Saves the sheet; the desk shows what was stored. */
export function useSaveSafetyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SafetyDataBody }): Promise<AdminSafetyData> =>
      api().call('adminExcipientSafetySave', { params: { id }, body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.adminSafetyData(saved.excipientId), saved),
  });
}
