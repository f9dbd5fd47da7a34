import { z } from 'zod';
import { PaymentMethods, PaymentMethodsQuery } from '../payment.js';
import type { EndpointSpec } from './endpoint.js';

const TAG = '订单与支付';

/** Payment: the methods a client may use, and the gateways' notifications. */
export const paymentEndpoints = {
  paymentMethods: {
    access: 'optional',
    tag: TAG,
    summary: '当前客户端可用的支付方式（微信内不能使用支付宝；小程序另有说明）',
    query: PaymentMethodsQuery,
    responses: { 200: PaymentMethods },
  },
  paymentNotifyWechat: {
    access: 'public',
    tag: TAG,
    summary: '微信支付结果通知（由微信支付调用；按原始字节验签，成功应答 204）',
    responses: { 204: z.null() },
    raw: true,
  },
  paymentNotifyAlipay: {
    access: 'public',
    tag: TAG,
    summary: '支付宝异步通知（由支付宝调用；按原始字节解析并验签，成功应答 success）',
    responses: { 200: z.string().describe('success') },
    responseFormat: 'text',
    raw: true,
  },
} as const satisfies Record<string, EndpointSpec>;
