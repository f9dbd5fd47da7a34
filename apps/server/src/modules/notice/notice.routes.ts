import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParams, Notice, NoticePage, NoticeQuery, UnreadCount } from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { NoticeService } from './notice.service.js';

export interface NoticeRoutesOptions {
  notices: NoticeService;
  guard: AuthGuard;
}

const secured = { tags: ['notice'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse };

export const noticeRoutes: FastifyPluginAsyncZod<NoticeRoutesOptions> = async (app, { notices, guard }) => {
  app.addHook('onRequest', guard.requireUser);

  app.get(
    '/api/app/notice',
    { schema: { ...secured, summary: '我的通知（新的在前，分页）', querystring: NoticeQuery, response: { 200: NoticePage, ...errors } } },
    async (request) => {
      const { page, pageSize, unread } = request.query;
      return notices.list(principalOf(request).user.id, page, pageSize, unread === 'true');
    },
  );

  app.get(
    '/api/app/notice/unread-count',
    { schema: { ...secured, summary: '未读通知数', response: { 200: UnreadCount, ...errors } } },
    async (request) => ({ count: await notices.unreadCount(principalOf(request).user.id) }),
  );

  app.post(
    '/api/app/notice/:id/read',
    {
      schema: {
        ...secured,
        summary: '标记一条通知为已读',
        params: IdParams,
        response: { 200: Notice, ...errors, 404: ErrorResponse },
      },
    },
    async (request) => notices.markRead(principalOf(request).user.id, request.params.id),
  );

  app.post(
    '/api/app/notice/read-all',
    { schema: { ...secured, summary: '全部标记为已读', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await notices.markAllRead(principalOf(request).user.id);
      return reply.code(204).send(null);
    },
  );
};
