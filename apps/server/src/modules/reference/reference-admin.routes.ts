import { REFERENCE_IMPORT_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendWorkbook } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { ReferenceAdminService } from './reference-admin.service.js';

const exportNames = {
  standard: ['standards.xlsx', '药典标准'],
  usage: ['usage.xlsx', '辅料用量'],
} as const;

/** The databases desk (editors): standards and usage rows. */
export const referenceAdminRoutes = endpointRoutes<{ desk: ReferenceAdminService }>((route, { desk }) => {
  route('adminStandardList', async (request) => desk.standards(request.query));
  route('adminStandardCreate', async (request, reply) => reply.code(201).send(await desk.createStandard(actorOf(request), request.body)));
  route('adminStandardUpdate', async (request) => desk.updateStandard(actorOf(request), request.params.id, request.body));
  route('adminStandardDelete', async (request, reply) => {
    await desk.deleteStandard(actorOf(request), request.params.id);
    return reply.code(204).send(null);
  });
  route('adminUsageList', async (request) => desk.usages(request.query));
  route('adminUsageCreate', async (request, reply) => reply.code(201).send(await desk.createUsage(actorOf(request), request.body)));
  route('adminUsageUpdate', async (request) => desk.updateUsage(actorOf(request), request.params.id, request.body));
  route('adminUsageDelete', async (request, reply) => {
    await desk.deleteUsage(actorOf(request), request.params.id);
    return reply.code(204).send(null);
  });
  route('adminReferenceImport', async (request) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: REFERENCE_IMPORT_MAX_BYTES, what: '数据文件' });
    return desk.import(actorOf(request), request.params.code, bytes, filename, request.query.dryRun === 'true');
  });
  route('adminReferenceExport', async (request, reply) => {
    const bytes = await desk.export(request.params.code, request.query);
    const [ascii, name] = exportNames[request.params.code];
    return sendWorkbook(reply, bytes, ascii, `${name}-${new Date().toISOString().slice(0, 10)}.xlsx`);
  });
});
