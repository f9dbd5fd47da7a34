import type {
  AdminDocumentRequest,
  DocumentApproveInput,
  DocumentRequest,
  DocumentRequestBody,
  DocumentRequestState,
  PublishConfidentialityBody,
} from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/*
 * Regulatory documents under the confidentiality agreement (注册资料 and 保密协议): the company's side
 * (sign, ask, withdraw, download the stamped PDF) and the quality desk.
 */

/* ------------------------------------------ the member's ------------------------------------------ */

export const DOCUMENT_REQUEST_PAGE_SIZE = 10;

/** The current 保密协议, whether the user signed it, may sign it, and their company's signatures. */
export const confidentialityQuery = () =>
  queryOptions({ queryKey: queryKeys.confidentiality(), queryFn: () => api().call('confidentialityCurrent', {}) });

export const myDocumentRequestsQuery = (query: { status?: DocumentRequestState; page: number }) => {
  const request = { ...query, pageSize: DOCUMENT_REQUEST_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.documentRequestPage(request),
    queryFn: () => api().call('documentRequestList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const documentRequestQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.documentRequest(id), queryFn: () => api().call('documentRequestDetail', { params: { id } }), retry: false });

/** 同意并签署: the version shown. */
export function useSignConfidentiality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api().call('confidentialityAccept', { body: { version } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.confidentiality(), answer),
  });
}

function useDocumentRequestSaved() {
  const queryClient = useQueryClient();
  return async (request: DocumentRequest) => {
    queryClient.setQueryData(queryKeys.documentRequest(request.id), request);
    await queryClient.invalidateQueries({ queryKey: [...queryKeys.documentRequests(), 'page'] });
  };
}

export function useCreateDocumentRequest() {
  const saved = useDocumentRequestSaved();
  return useMutation({ mutationFn: (body: DocumentRequestBody) => api().call('documentRequestCreate', { body }), onSuccess: saved });
}

export function useWithdrawDocumentRequest(id: number) {
  const saved = useDocumentRequestSaved();
  return useMutation({ mutationFn: () => api().call('documentRequestWithdraw', { params: { id } }), onSuccess: saved });
}

/** The stamped copy, or the sealed original; the server names the file. */
export function downloadDocument(request: Pick<DocumentRequest, 'id' | 'number'>, copy: 'watermarked' | 'original'): Promise<boolean> {
  return downloadFile('documentRequestFile', { params: { id: request.id }, query: { copy } }, `${request.number}.pdf`);
}

/* ------------------------------------------ the desk ------------------------------------------ */

export const ADMIN_DOCUMENT_REQUESTS_PAGE_SIZE = 20;

export const adminDocumentRequestsQuery = (query: { status?: DocumentRequestState; keyword?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_DOCUMENT_REQUESTS_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminDocumentRequestPage(request),
    queryFn: () => api().call('adminDocumentRequestList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminDocumentRequestQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminDocumentRequest(id), queryFn: () => api().call('adminDocumentRequestDetail', { params: { id } }), retry: false });

export const adminConfidentialityQuery = () =>
  queryOptions({ queryKey: queryKeys.adminConfidentiality(), queryFn: () => api().call('adminConfidentialityList', {}) });

function useAdminDocumentRequestChanged() {
  const queryClient = useQueryClient();
  return async (request: AdminDocumentRequest) => {
    queryClient.setQueryData(queryKeys.adminDocumentRequest(request.id), request);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...queryKeys.adminDocumentRequests(), 'page'], refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

export function useUploadDocument(id: number) {
  const changed = useAdminDocumentRequestChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('adminDocumentRequestUpload', { params: { id }, body });
    },
    onSuccess: changed,
  });
}

export function useApproveDocumentRequest(id: number) {
  const changed = useAdminDocumentRequestChanged();
  return useMutation({ mutationFn: (body: DocumentApproveInput) => api().call('adminDocumentRequestApprove', { params: { id }, body }), onSuccess: changed });
}

export function useRefuseDocumentRequest(id: number) {
  const changed = useAdminDocumentRequestChanged();
  return useMutation({ mutationFn: (body: { reason: string }) => api().call('adminDocumentRequestRefuse', { params: { id }, body }), onSuccess: changed });
}

export function usePublishConfidentiality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishConfidentialityBody) => api().call('adminConfidentialityPublish', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminConfidentiality() }),
  });
}

export function downloadStaffDocument(request: Pick<AdminDocumentRequest, 'id' | 'number'>): Promise<boolean> {
  return downloadFile('adminDocumentRequestFile', { params: { id: request.id } }, `${request.number}-原件.pdf`);
}
