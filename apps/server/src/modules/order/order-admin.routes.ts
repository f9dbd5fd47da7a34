import { endpointRoutes } from '../../http/endpoint-routes.js';
import { sendPdf } from '../../http/uploads.js';
import { actorOf } from '../auth/auth.guard.js';
import type { OrderAdminService } from './order-admin.service.js';

/** The orders desk (finance). */
export const orderAdminRoutes = endpointRoutes<{ desk: OrderAdminService }>((route, { desk }) => {
  route('adminOrderList', async (request) => desk.list(request.query));
  route('adminOrderGet', async (request) => desk.get(request.params.id));
  route('adminOrderSlip', async (request, reply) => {
    const slip = await desk.slip(request.params.id);
    if (slip.contentType === 'application/pdf') return sendPdf(reply, slip.bytes, `汇款凭证-${request.params.id}.pdf`);
    return reply
      .header('content-type', slip.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(slip.bytes);
  });
  route('adminOrderConfirmTransfer', async (request) => desk.confirmTransfer(actorOf(request), request.params.id, request.body));
  route('adminOrderRefund', async (request) => desk.refund(actorOf(request), request.params.id, request.body));
});
