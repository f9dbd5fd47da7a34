import { BATCH_COA_MAX_BYTES, BATCH_IMPORT_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPdf } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { BatchService } from './batch.service.js';

/** Batches and their COAs: the lookup for signed-in users, and the quality desk. */
export const batchRoutes = endpointRoutes<{ batches: BatchService }>((route, { batches }) => {
  route('batchCoaProducts', async () => batches.coaProducts());
  route('batchCoaLookup', async (request) => batches.lookup(principalOf(request).user, request.ip, request.query));
  route('batchCoaFile', async (request, reply) => {
    const { bytes, name } = await batches.lookupFile(principalOf(request).user, request.ip, request.query);
    return sendPdf(reply, bytes, name);
  });

  route('adminBatchList', async (request) => batches.list(request.query));
  route('adminBatchCreate', async (request, reply) => reply.code(201).send(await batches.create(actorOf(request), request.body)));
  route('adminBatchImport', async (request) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: BATCH_IMPORT_MAX_BYTES, what: '数据文件' });
    return batches.importSheet(actorOf(request), bytes, filename);
  });
  route('adminBatchDetail', async (request) => batches.detail(request.params.id));
  route('adminBatchUpdate', async (request) => batches.update(actorOf(request), request.params.id, request.body));
  route('adminBatchResults', async (request) => batches.putResults(actorOf(request), request.params.id, request.body));
  route('adminBatchStatus', async (request) => batches.setStatus(actorOf(request), request.params.id, request.body.status));
  route('adminBatchCoaUpload', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: BATCH_COA_MAX_BYTES, what: '检验报告' });
    return batches.uploadCoa(principalOf(request).user, actorOf(request), request.params.id, bytes);
  });
  route('adminBatchCoa', async (request, reply) => {
    const { bytes, name } = await batches.adminCoa(request.params.id);
    return sendPdf(reply, bytes, name);
  });
});
