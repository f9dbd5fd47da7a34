import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPdf } from '../../http/uploads.js';
import { principalOf } from '../account/auth.guard.js';
import type { SampleApplicationService } from './sample-application.service.js';

/** The signed-in member's sample applications (样品申请). */
export const sampleApplicationRoutes = endpointRoutes<{ applications: SampleApplicationService }>((route, { applications }) => {
  route('applicationSubmit', async (request, reply) => {
    const { application, created } = await applications.submit(principalOf(request).user, request.body);
    return reply.code(created ? 201 : 200).send(application);
  });

  route('applicationList', async (request) => applications.list(principalOf(request).user.id, request.query));

  route('applicationGet', async (request) => applications.get(principalOf(request).user.id, request.params.id));

  route('applicationCoa', async (request, reply) => {
    const { bytes, filename } = await applications.coa(request.params.id, request.params.itemId, principalOf(request).user.id);
    return sendPdf(reply, bytes, filename);
  });

  route('applicationWithdraw', async (request) => applications.withdraw(principalOf(request).user, request.params.id));
});
