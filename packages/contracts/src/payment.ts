import { z } from 'zod';
import { PaymentMethod } from './order.js';

/*
 * Payment: the methods a client may use now.
 */

export const PaymentClient = z.enum(['web', 'wechat', 'miniprogram']).describe('web 浏览器 · wechat 微信内置浏览器 · miniprogram 小程序');
export type PaymentClient = z.infer<typeof PaymentClient>;

export const PaymentMethodsQuery = z.object({
  client: PaymentClient.optional().describe('不填则按 User-Agent 判断'),
  mobile: z.enum(['true', 'false']).optional().describe('手机页面（支付宝手机网站支付）'),
});

/** The ways this client may pay now. */
export const PaymentMethods = z
  .object({
    sandbox: z.boolean().describe('true：沙箱模式，所有在线支付均为测试支付'),
    items: z.array(
      z.object({
        method: PaymentMethod,
        available: z.boolean(),
        note: z.string().describe('不可用的原因，或使用说明'),
      }),
    ),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethods>;
