import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPrivateFile } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { OrderAdminService } from './order-admin.service.js';

/** The orders desk (finance). */
export const orderAdminRoutes = endpointRoutes<{ desk: OrderAdminService }>((route, { desk }) => {
  route('adminOrderList', async (request) => desk.list(request.query));
  route('adminOrderGet', async (request) => desk.get(request.params.id));
  route('adminOrderSlip', async (request, reply) => {
    const slip = await desk.slip(request.params.id);
    const extension = slip.contentType === 'application/pdf' ? 'pdf' : (slip.contentType.split('/')[1] ?? 'bin');
    return sendPrivateFile(reply, slip, `汇款凭证-${request.params.id}.${extension}`);
  });
  route('adminOrderConfirmTransfer', async (request) => desk.confirmTransfer(actorOf(request), request.params.id, request.body));
  route('adminOrderRefund', async (request) => desk.refund(actorOf(request), request.params.id, request.body));
});
