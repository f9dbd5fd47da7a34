import { BANK_SLIP_MAX_BYTES, type PaymentClient } from '@fuliaotong/contracts';
import type { FastifyRequest } from 'fastify';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import { readUpload } from '../../http/uploads.js';
import { extensionOf, sniffImageType } from '../../shared/image-type.js';
import { principalOf } from '../account/auth.guard.js';
import type { OrderService } from './order.service.js';

/** The client by its User-Agent: WeChat's own browser, a mini-program's web view, or any other browser. */
function clientOf(request: FastifyRequest): PaymentClient {
  const agent = request.headers['user-agent'] ?? '';
  if (/miniProgram/i.test(agent)) return 'miniprogram';
  if (/MicroMessenger/i.test(agent)) return 'wechat';
  return 'web';
}

const isMobileAgent = (request: FastifyRequest) => /Mobile|Android|iPhone|iPad/i.test(request.headers['user-agent'] ?? '');

/** A bank slip: a photo (PNG, JPEG, WebP) or a PDF, by its bytes. */
function slipType(bytes: Buffer): { contentType: string; extension: string } {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { contentType: 'application/pdf', extension: 'pdf' };
  const image = sniffImageType(bytes);
  if (!image) throw new AppError('unsupported_media_type', '汇款凭证请上传图片（PNG、JPEG、WebP）或 PDF 文件');
  return { contentType: image, extension: extensionOf(image) };
}

/** The buyer's orders and paying them. */
export const orderRoutes = endpointRoutes<{ orders: OrderService }>((route, { orders }) => {
  route('orderCreate', async (request, reply) => reply.code(201).send(await orders.create(principalOf(request).user.id, request.body.planId)));
  route('orderList', async (request) => orders.list(principalOf(request).user.id, request.query));
  route('orderGet', async (request) => orders.get(principalOf(request).user.id, request.params.id));
  route('orderCancel', async (request) => orders.cancel(principalOf(request).user.id, request.params.id));
  route('orderPay', async (request) =>
    orders.pay(principalOf(request).user.id, request.params.id, request.body.method, { mobile: request.body.mobile ?? isMobileAgent(request) }),
  );
  route('orderRefresh', async (request) => orders.refresh(principalOf(request).user.id, request.params.id));
  route('orderSlip', async (request) => {
    const { bytes } = await readUpload(request, { maxBytes: BANK_SLIP_MAX_BYTES, what: '汇款凭证' });
    return orders.uploadSlip(principalOf(request).user.id, request.params.id, { bytes, ...slipType(bytes) });
  });
  route('paymentMethods', async (request) =>
    orders.methods(request.query.client ?? clientOf(request), request.query.mobile === undefined ? isMobileAgent(request) : request.query.mobile === 'true'),
  );
});
