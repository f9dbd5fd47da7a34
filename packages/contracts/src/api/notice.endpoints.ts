import { z } from 'zod';
import { IdParams } from '../common.js';
import { Notice, NoticePage, NoticeQuery, UnreadCount } from '../notice.js';
import type { EndpointSpec } from './endpoint.js';

/** The signed-in user's notices. */
export const noticeEndpoints = {
  noticeList: { access: 'user', tag: '通知', summary: '我的通知（新的在前，分页）', query: NoticeQuery, responses: { 200: NoticePage } },
  noticeUnreadCount: { access: 'user', tag: '通知', summary: '未读通知数', responses: { 200: UnreadCount } },
  noticeRead: {
    access: 'user',
    tag: '通知',
    summary: '标记一条通知为已读',
    params: IdParams,
    responses: { 200: Notice },
    rows: { kind: 'notice', owner: true },
  },
  noticeReadAll: { access: 'user', tag: '通知', summary: '全部标记为已读', responses: { 204: z.null() } },
} as const satisfies Record<string, EndpointSpec>;
