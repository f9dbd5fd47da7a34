import type { Notice, NoticePage, UnreadCount } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const NOTICE_PAGE_SIZE = 10;

export function fetchNotices(page: number, pageSize: number, unreadOnly: boolean): Promise<NoticePage> {
  return api().call('noticeList', { query: { page, pageSize, unread: unreadOnly ? 'true' : undefined } });
}

export function fetchUnreadCount(): Promise<UnreadCount> {
  return api().call('noticeUnreadCount');
}

export function markNoticeRead(id: number): Promise<Notice> {
  return api().call('noticeRead', { params: { id } });
}

export function markAllNoticesRead(): Promise<null> {
  return api().call('noticeReadAll');
}

export const noticePageQuery = (page: number, unreadOnly: boolean, pageSize = NOTICE_PAGE_SIZE) =>
  queryOptions({
    queryKey: queryKeys.noticePage(page, pageSize, unreadOnly),
    queryFn: () => fetchNotices(page, pageSize, unreadOnly),
    placeholderData: keepPreviousData,
  });

export const unreadNoticeCountQuery = () =>
  queryOptions({ queryKey: queryKeys.unreadNoticeCount(), queryFn: fetchUnreadCount, staleTime: 15_000 });

/** The read state of notices goes with the unread count and the account summary: all are read again. */
function refreshNotices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.notices() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.summary() }),
  ]);
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNoticeRead, onSuccess: () => refreshNotices(queryClient) });
}

export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNoticesRead, onSuccess: () => refreshNotices(queryClient) });
}
