import { CHANGE_NOTICE_FILE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPrivateFile } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { ChangeNoticeService } from './change-notice.service.js';

/** Change notices: what reached the user and their acknowledgement, and the quality desk. */
export const changeNoticeRoutes = endpointRoutes<{ changeNotices: ChangeNoticeService }>((route, { changeNotices }) => {
  route('changeNoticeList', async (request) => changeNotices.list(principalOf(request).user, request.query));
  route('changeNoticeDetail', async (request) => changeNotices.detail(principalOf(request).user, request.params.id));
  route('changeNoticeAcknowledge', async (request) => changeNotices.acknowledge(principalOf(request).user, actorOf(request), request.params.id));
  route('changeNoticeDocument', async (request, reply) => {
    const { bytes, contentType, name } = await changeNotices.document(principalOf(request).user, request.params.id, request.params.n);
    return sendPrivateFile(reply, { bytes, contentType }, name);
  });

  route('adminChangeNoticeList', async (request) => changeNotices.adminList(request.query));
  route('adminChangeNoticeCreate', async (request, reply) => reply.code(201).send(await changeNotices.create(principalOf(request).user, actorOf(request), request.body)));
  route('adminChangeNoticeDetail', async (request) => changeNotices.adminDetail(request.params.id));
  route('adminChangeNoticeUpdate', async (request) => changeNotices.update(actorOf(request), request.params.id, request.body));
  route('adminChangeNoticeUpload', async (request) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: CHANGE_NOTICE_FILE_MAX_BYTES, what: '附件' });
    return changeNotices.upload(principalOf(request).user, actorOf(request), request.params.id, bytes, filename);
  });
  route('adminChangeNoticeDocument', async (request, reply) => {
    const { bytes, contentType, name } = await changeNotices.adminDocument(request.params.id, request.params.n);
    return sendPrivateFile(reply, { bytes, contentType }, name);
  });
  route('adminChangeNoticePublish', async (request) => changeNotices.publish(actorOf(request), request.params.id));
  route('adminChangeNoticeWithdraw', async (request) => changeNotices.withdraw(actorOf(request), request.params.id, request.body.reason));
  route('adminChangeNoticeRemind', async (request) => changeNotices.remind(actorOf(request), request.params.id));
  route('adminChangeNoticeReport', async (request) => changeNotices.report(request.params.id));
});
