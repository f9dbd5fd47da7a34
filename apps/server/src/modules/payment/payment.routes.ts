import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { OrderService } from '../order/order.service.js';
import { NotificationRejected, type PaymentGateway } from './gateway.js';

/**
 * The gateways' notifications. Each is verified over the exact bytes received (the route hands the
 * body over unparsed), applied once, and answered in the gateway's own format; a forged or tampered
 * one changes nothing and is refused.
 */
async function notify(gateway: PaymentGateway | undefined, orders: OrderService, request: FastifyRequest, reply: FastifyReply) {
  if (!gateway) return reply.code(404).type('text/plain; charset=utf-8').send('not enabled');
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let accepted: boolean;
  try {
    const payment = await gateway.verifyNotification(raw, request.headers);
    const outcome = payment ? await orders.applyPayment(gateway.method, payment) : 'ignored';
    accepted = outcome !== 'wrong_amount';
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    request.log.warn({ method: gateway.method, reason: error.message, bytes: raw.length }, 'payment notification refused');
    accepted = false;
  }
  const answer = gateway.reply(accepted);
  reply.code(answer.status).type(answer.contentType);
  return answer.body === '' ? reply.send() : reply.send(answer.body);
}

export const paymentRoutes = endpointRoutes<{ orders: OrderService; gateways: Partial<Record<'wechat' | 'alipay', PaymentGateway>> }>(
  (route, { orders, gateways }) => {
    route('paymentNotifyWechat', (request, reply) => notify(gateways.wechat, orders, request, reply));
    route('paymentNotifyAlipay', (request, reply) => notify(gateways.alipay, orders, request, reply));
  },
);
