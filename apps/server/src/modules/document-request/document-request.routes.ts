import { DOCUMENT_FILE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPdf, sendPrivateFile } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { DocumentRequestService } from './document-request.service.js';

/** The confidentiality agreement and document requests: the company's side, and the quality desk. */
export const documentRequestRoutes = endpointRoutes<{ documentRequests: DocumentRequestService }>((route, { documentRequests }) => {
  route('confidentialityCurrent', async (request) => documentRequests.confidentiality(principalOf(request).user));
  route('confidentialityAccept', async (request) => documentRequests.accept(principalOf(request).user, actorOf(request), request.body.version));
  route('documentRequestList', async (request) => documentRequests.list(principalOf(request).user, request.query));
  route('documentRequestCreate', async (request, reply) => reply.code(201).send(await documentRequests.create(principalOf(request).user, actorOf(request), request.body)));
  route('documentRequestDetail', async (request) => documentRequests.detail(principalOf(request).user, request.params.id));
  route('documentRequestWithdraw', async (request) => documentRequests.withdraw(principalOf(request).user, actorOf(request), request.params.id));
  route('documentRequestFile', async (request, reply) => {
    const { bytes, name } = await documentRequests.file(principalOf(request).user, request.ip, request.params.id, request.query.copy);
    return sendPdf(reply, bytes, name);
  });

  route('adminConfidentialityList', async () => documentRequests.adminAgreements());
  route('adminConfidentialityPublish', async (request, reply) => reply.code(201).send(await documentRequests.publish(principalOf(request).user, actorOf(request), request.body)));
  route('adminDocumentRequestList', async (request) => documentRequests.adminList(request.query));
  route('adminDocumentRequestDetail', async (request) => documentRequests.adminDetail(request.params.id));
  route('adminDocumentRequestUpload', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: DOCUMENT_FILE_MAX_BYTES, what: '资料文件' });
    return documentRequests.upload(principalOf(request).user, actorOf(request), request.params.id, bytes);
  });
  route('adminDocumentRequestFile', async (request, reply) => {
    const { bytes, contentType, name } = await documentRequests.adminFile(request.params.id);
    return sendPrivateFile(reply, { bytes, contentType }, name);
  });
  route('adminDocumentRequestApprove', async (request) => documentRequests.approve(principalOf(request).user, actorOf(request), request.params.id, request.body));
  route('adminDocumentRequestRefuse', async (request) => documentRequests.refuse(principalOf(request).user, actorOf(request), request.params.id, request.body.reason));
});
