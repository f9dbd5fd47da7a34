import { z } from 'zod';
import { NOTICE_KINDS } from './constants/account.js';
import { PageQuery } from './common.js';

export const NoticeKind = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKind>;

export const Notice = z
  .object({
    id: z.number().int(),
    kind: NoticeKind,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().describe('A site path the notice refers to, e.g. /account/apply'),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof Notice>;

export const NoticeQuery = PageQuery.extend({
  unread: z.enum(['true', 'false']).optional().describe('true: only unread notices'),
});
export type NoticeQuery = z.infer<typeof NoticeQuery>;

export const NoticePage = z.object({ items: z.array(Notice), totalCount: z.number().int() }).meta({ id: 'NoticePage' });
export type NoticePage = z.infer<typeof NoticePage>;

export const UnreadCount = z.object({ count: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;
