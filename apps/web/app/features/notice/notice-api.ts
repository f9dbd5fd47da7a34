import type { Notice, NoticePage, UnreadCount } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
