import { COA_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { readUpload, sendPdf } from '../../http/uploads.js';
import { actorOf, principalOf } from '../account/auth.guard.js';
import type { SampleApplicationService } from './sample-application.service.js';

/** The staff's review of sample applications: list, detail, approve, reject, ship, deliver. */
export const applicationAdminRoutes = endpointRoutes<{ applications: SampleApplicationService }>((route, { applications }) => {
  route('adminApplicationList', async (request) => applications.adminList(request.query));

  route('adminApplicationGet', async (request) => applications.adminGet(request.params.id));

  route('adminApplicationApprove', async (request) =>
    applications.act(principalOf(request).user, actorOf(request), request.params.id, { action: 'approve', note: request.body?.note ?? '' }),
  );

  route('adminApplicationReject', async (request) =>
    applications.act(principalOf(request).user, actorOf(request), request.params.id, { action: 'reject', reason: request.body.reason }),
  );

  route('adminApplicationShip', async (request) =>
    applications.act(principalOf(request).user, actorOf(request), request.params.id, { action: 'ship', ...request.body }),
  );

  route('adminApplicationCoaUpload', async (request, reply) => {
    const { bytes, filename } = await readUpload(request, { maxBytes: COA_MAX_BYTES, what: 'COA 文件' });
    return reply.code(201).send(await applications.uploadCoa(principalOf(request).user, bytes, filename));
  });

  route('adminApplicationCoa', async (request, reply) => {
    const { bytes, filename } = await applications.coa(request.params.id, request.params.itemId);
    return sendPdf(reply, bytes, filename);
  });

  route('adminApplicationDeliver', async (request) =>
    applications.act(principalOf(request).user, actorOf(request), request.params.id, { action: 'deliver' }),
  );
});
