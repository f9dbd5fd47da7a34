import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { NoticeService } from './notice.service.js';

/** The signed-in user's notices. */
export const noticeRoutes = endpointRoutes<{ notices: NoticeService }>((route, { notices }) => {
  route('noticeList', async (request) => {
    const { page, pageSize, unread } = request.query;
    return notices.list(principalOf(request).user.id, page, pageSize, unread === 'true');
  });

  route('noticeUnreadCount', async (request) => ({ count: await notices.unreadCount(principalOf(request).user.id) }));

  route('noticeRead', async (request) => notices.markRead(principalOf(request).user.id, request.params.id));

  route('noticeReadAll', async (request, reply) => {
    await notices.markAllRead(principalOf(request).user.id);
    return reply.code(204).send(null);
  });
});
