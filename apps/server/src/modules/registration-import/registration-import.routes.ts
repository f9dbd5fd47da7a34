import { REGISTRATION_IMPORT_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendWorkbook } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { RegistrationImportService } from './registration-import.service.js';

/** CDE registration records in and out (editors). */
export const registrationImportRoutes = endpointRoutes<{ imports: RegistrationImportService }>((route, { imports }) => {
  route('adminRegistrationImportPreview', async (request, reply) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: REGISTRATION_IMPORT_MAX_BYTES, what: '数据文件' });
    return reply.code(201).send(await imports.preview(actorOf(request), bytes, filename));
  });
  route('adminRegistrationImportCommit', async (request) => imports.commit(actorOf(request), request.params.id));
  route('adminRegistrationExport', async (request, reply) => {
    const bytes = await imports.export(request.query);
    return sendWorkbook(reply, bytes, 'registrations.xlsx', `原辅包登记信息-${new Date().toISOString().slice(0, 10)}.xlsx`);
  });
});
