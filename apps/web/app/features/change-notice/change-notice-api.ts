import type { AdminChangeNotice, ChangeNotice, ChangeNoticeInput, ChangeNoticeState } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/save-file';

/*
 * Change notices (变更通知): what reached the member and their 确认已阅, and the quality desk (write,
 * attach, publish, withdraw, remind, the acknowledgement report).
 */

/* ------------------------------------------ the member's ------------------------------------------ */

export const CHANGE_NOTICE_PAGE_SIZE = 10;

export const myChangeNoticesQuery = (query: { pending: boolean; page: number }) => {
  const request = { page: query.page, pageSize: CHANGE_NOTICE_PAGE_SIZE, ...(query.pending ? { pending: 'true' as const } : {}) };
  return queryOptions({
    queryKey: queryKeys.changeNoticePage(request),
    queryFn: () => api().call('changeNoticeList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const changeNoticeQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.changeNotice(id), queryFn: () => api().call('changeNoticeDetail', { params: { id } }), retry: false });

/** 确认已阅, for the signed-in person themself. */
export function useAcknowledgeChangeNotice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api().call('changeNoticeAcknowledge', { params: { id } }),
    onSuccess: async (notice: ChangeNotice) => {
      queryClient.setQueryData(queryKeys.changeNotice(notice.id), notice);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.changeNotices(), 'page'] });
    },
  });
}

export function downloadChangeDocument(notice: Pick<ChangeNotice, 'id'>, document: { n: number; name: string }): Promise<boolean> {
  return downloadFile('changeNoticeDocument', { params: { id: notice.id, n: document.n } }, document.name);
}

/* ------------------------------------------ the desk ------------------------------------------ */

export const ADMIN_CHANGE_NOTICES_PAGE_SIZE = 20;

export const adminChangeNoticesQuery = (query: { status?: ChangeNoticeState; keyword?: string; page: number }) => {
  const request = { ...query, pageSize: ADMIN_CHANGE_NOTICES_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.adminChangeNoticePage(request),
    queryFn: () => api().call('adminChangeNoticeList', { query: { ...request } }),
    placeholderData: keepPreviousData,
  });
};

export const adminChangeNoticeQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminChangeNotice(id), queryFn: () => api().call('adminChangeNoticeDetail', { params: { id } }), retry: false });

export const changeNoticeReportQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminChangeNoticeReport(id), queryFn: () => api().call('adminChangeNoticeReport', { params: { id } }) });

function useAdminChangeNoticeChanged() {
  const queryClient = useQueryClient();
  return async (notice: AdminChangeNotice) => {
    queryClient.setQueryData(queryKeys.adminChangeNotice(notice.id), notice);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...queryKeys.adminChangeNotices(), 'page'], refetchType: 'active' }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminChangeNoticeReport(notice.id) }),
      queryClient.invalidateQueries({ queryKey: [...queryKeys.me, 'admin', 'audit'] }),
    ]);
  };
}

export function useCreateChangeNotice() {
  const changed = useAdminChangeNoticeChanged();
  return useMutation({ mutationFn: (body: ChangeNoticeInput) => api().call('adminChangeNoticeCreate', { body }), onSuccess: changed });
}

export function useUpdateChangeNotice(id: number) {
  const changed = useAdminChangeNoticeChanged();
  return useMutation({ mutationFn: (body: ChangeNoticeInput) => api().call('adminChangeNoticeUpdate', { params: { id }, body }), onSuccess: changed });
}

export function useUploadChangeDocument(id: number) {
  const changed = useAdminChangeNoticeChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api().call('adminChangeNoticeUpload', { params: { id }, body });
    },
    onSuccess: changed,
  });
}

export function usePublishChangeNotice(id: number) {
  const changed = useAdminChangeNoticeChanged();
  return useMutation({ mutationFn: () => api().call('adminChangeNoticePublish', { params: { id } }), onSuccess: changed });
}

export function useWithdrawChangeNotice(id: number) {
  const changed = useAdminChangeNoticeChanged();
  return useMutation({ mutationFn: (body: { reason: string }) => api().call('adminChangeNoticeWithdraw', { params: { id }, body }), onSuccess: changed });
}

export function useRemindChangeNotice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api().call('adminChangeNoticeRemind', { params: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.adminChangeNoticeReport(id) }), queryClient.invalidateQueries({ queryKey: queryKeys.adminChangeNotice(id) })]),
  });
}

export function downloadStaffChangeDocument(notice: Pick<AdminChangeNotice, 'id'>, document: { n: number; name: string }): Promise<boolean> {
  return downloadFile('adminChangeNoticeDocument', { params: { id: notice.id, n: document.n } }, document.name);
}
