import { z } from 'zod';
import { ListScope, MemberNameField } from './row-owner.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from './constants/commerce.js';
import { Id, PageQuery, pageOf } from './common.js';
import { text } from './text.js';
import { InvoiceStatus } from './invoice.js';
import { PlanKind } from './plan.js';
import { DatabaseCode } from './reference.js';

export const OrderStatus = z
  .enum(ORDER_STATUSES)
  .describe('pending 待支付 · confirming 待确认（对公转账已上传凭证） · paid 已支付 · refunded 已退款 · cancelled 已取消 · closed 已关闭');
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentMethod = z.enum(PAYMENT_METHODS, '请选择支付方式').describe('wechat 微信支付 · alipay 支付宝 · bank 对公转账');
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** An order of a plan (a membership or a database subscription), as its buyer sees it. */
export const Order = z
  .object({
    id: z.number().int(),
    number: z.string().describe('订单号：DD + 下单日期 + 序号'),
    planId: z.number().int(),
    kind: PlanKind,
    databaseCode: DatabaseCode.nullable(),
    name: z.string().describe('下单时的方案名称'),
    days: z.number().int(),
    seats: z.number().int().nullable(),
    amountFen: z.number().int().describe('应付金额（分）'),
    status: OrderStatus,
    method: PaymentMethod.nullable().describe('买家选择的支付方式；尚未选择为 null'),
    expiresAt: z.string().describe('此时仍未支付则关闭（对公转账为等待到账的期限）'),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    paidFen: z.number().int().nullable(),
    refundedAt: z.string().nullable(),
    refundFen: z.number().int().nullable(),
    remittanceCode: z.string().nullable().describe('对公转账的汇款备注码'),
    slipUploaded: z.boolean().describe('是否已上传对公转账凭证'),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

/** The invoice asked for an order (one per order), as the order list shows it. */
export const OrderInvoice = z
  .object({
    id: z.number().int(),
    status: InvoiceStatus,
    invoiceNumber: z.string().nullable(),
    hasFile: z.boolean().describe('已开具且有发票文件，可下载（GET /api/app/invoice/{id}/file）'),
  })
  .meta({ id: 'OrderInvoice' });
export type OrderInvoice = z.infer<typeof OrderInvoice>;

/** An order in the buyer's list: with its invoice, so that one is not asked for twice. */
export const OrderListItem = Order.extend({
  invoice: OrderInvoice.nullable().describe('为该订单申请的发票；尚未申请为 null（已驳回的可重新申请）'),
  memberName: MemberNameField,
}).meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderPage = pageOf(OrderListItem).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderQuery = PageQuery.extend({ status: OrderStatus.optional(), scope: ListScope });
export type OrderQuery = z.infer<typeof OrderQuery>;

export const OrderCreateBody = z.object({ planId: Id.describe('方案 id（GET /api/app/plan）') }).meta({ id: 'OrderCreateBody' });
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;

export const PayBody = z
  .object({
    method: PaymentMethod,
    mobile: z.boolean().optional().describe('手机页面：支付宝使用手机网站支付'),
  })
  .meta({ id: 'PayBody' });
export type PayBody = z.infer<typeof PayBody>;

/** How to pay, one shape per method. */
export const PayResponse = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('wechat'),
      codeUrl: z.string().describe('微信支付 Native 二维码的内容'),
      expiresAt: z.string(),
      sandbox: z.boolean().describe('true：沙箱（测试）支付，不会扣款'),
    }),
    z.object({
      method: z.literal('alipay'),
      payUrl: z.string().describe('支付宝收银台地址（页面跳转至此）'),
      expiresAt: z.string(),
      sandbox: z.boolean(),
    }),
    z.object({
      method: z.literal('bank'),
      accountName: z.string(),
      bankName: z.string(),
      accountNumber: z.string(),
      amountFen: z.number().int(),
      remittanceCode: z.string().describe('汇款时请在附言中填写'),
      deadline: z.string(),
    }),
  ])
  .meta({ id: 'PayResponse' });
export type PayResponse = z.infer<typeof PayResponse>;

/* ------------------------------------------ the orders desk (finance) ------------------------------------------ */

export const AdminOrder = Order.extend({
  userId: z.number().int(),
  account: z.string().describe('买家账号（脱敏前的完整账号，仅财务可见）'),
  buyerName: z.string(),
  paidBy: PaymentMethod.nullable(),
  tradeNo: z.string().nullable().describe('支付平台交易号；对公转账为财务登记的银行流水号'),
  slipUploadedAt: z.string().nullable(),
}).meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderPage = pageOf(AdminOrder).meta({ id: 'AdminOrderPage' });
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const AdminOrderQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  method: PaymentMethod.optional(),
  keyword: text().trim().max(50, '关键词最多 50 个字').optional().describe('订单号、买家账号或汇款备注码'),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

/** One payment or refund recorded against an order. */
export const OrderPayment = z.object({
  method: PaymentMethod,
  kind: z.enum(['payment', 'refund']),
  tradeNo: z.string(),
  amountFen: z.number().int(),
  outcome: z.enum(['paid', 'reopened', 'refunded']).describe('paid 支付 · reopened 关闭后到账并恢复 · refunded 重复付款已退回'),
  createdAt: z.string(),
});

export const AdminOrderDetail = AdminOrder.extend({
  payments: z.array(OrderPayment),
  slipType: z.string().nullable().describe('汇款凭证的类型（image/png、application/pdf 等）'),
}).meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** Finance confirms a bank transfer: the amount that arrived and the bank's reference. */
export const ConfirmTransferBody = z
  .object({
    amountFen: z.number({ error: '请填写到账金额' }).int('金额以分计，应为整数').min(1, '请填写到账金额'),
    reference: text().trim().min(1, '请填写银行流水号').max(64, '银行流水号不能超过 64 个字'),
  })
  .meta({ id: 'ConfirmTransferBody' });
export type ConfirmTransferBody = z.infer<typeof ConfirmTransferBody>;

export const RefundBody = z
  .object({ reason: text().trim().min(2, '请填写退款原因').max(200, '退款原因不能超过 200 个字') })
  .meta({ id: 'RefundBody' });
export type RefundBody = z.infer<typeof RefundBody>;
