import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf, principalOf } from '../auth/auth.guard.js';
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

  route('adminApplicationDeliver', async (request) =>
    applications.act(principalOf(request).user, actorOf(request), request.params.id, { action: 'deliver' }),
  );
});
