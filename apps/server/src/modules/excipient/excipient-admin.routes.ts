import { EXCIPIENT_DOCUMENT_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { ExcipientAdminService } from './excipient-admin.service.js';

/** The products desk (editors). */
export const excipientAdminRoutes = endpointRoutes<{ products: ExcipientAdminService }>((route, { products }) => {
  route('adminExcipientList', async (request) => products.list(request.query));
  route('adminExcipientGet', async (request) => products.get(request.params.id));
  route('adminExcipientCreate', async (request, reply) => reply.code(201).send(await products.create(actorOf(request), request.body)));
  route('adminExcipientUpdate', async (request) => products.update(actorOf(request), request.params.id, request.body));
  route('adminExcipientPublish', async (request) => products.publish(actorOf(request), request.params.id, request.body.published));
  route('adminExcipientSafetyGet', async (request) => products.safetyData(request.params.id));
  route('adminExcipientSafetySave', async (request) => products.saveSafetyData(actorOf(request), request.params.id, request.body));
  route('adminExcipientDocumentUpload', async (request, reply) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: EXCIPIENT_DOCUMENT_MAX_BYTES, what: '资料' });
    return reply.code(201).send(await products.upload(actorOf(request), bytes, filename));
  });
});
