import { z } from 'zod';
import { IdParams } from '../common.js';
import {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderQuery,
  ConfirmTransferBody,
  Order,
  OrderCreateBody,
  OrderPage,
  OrderQuery,
  PayBody,
  PayResponse,
  RefundBody,
} from '../order.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const TAG = '订单与支付';
/** An order of the caller's (everyone else gets 404). */
const ownOrder = { kind: 'order', owner: true } as const;
const finance = { staff: ['finance'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const financeReads = deskReads('finance');
/** Any order (the desk sees every buyer's). */
const anyOrder = { kind: 'order', owner: false } as const;

/** Orders of plans and paying them, and the orders desk (finance): every order, bank transfers to confirm, refunds. */
export const orderEndpoints = {
  orderCreate: {
    access: 'user',
    tag: TAG,
    summary: '下单：购买一个在售方案；30 分钟内未支付自动关闭',
    body: OrderCreateBody,
    responses: { 201: Order },
    errors: [404, 409],
    example: { body: { planId: 1 } },
  },
  orderList: { access: 'user', tag: TAG, summary: '我的订单（新的在前）', query: OrderQuery, responses: { 200: OrderPage } },
  orderGet: { access: 'user', tag: TAG, summary: '一个订单', params: IdParams, responses: { 200: Order }, rows: ownOrder },
  orderCancel: {
    access: 'user',
    tag: TAG,
    summary: '取消待支付的订单',
    params: IdParams,
    responses: { 200: Order },
    errors: [409],
    rows: ownOrder,
  },
  orderPay: {
    access: 'user',
    tag: TAG,
    summary: '支付：微信支付返回二维码内容，支付宝返回收银台地址，对公转账返回收款账户与汇款备注码',
    params: IdParams,
    body: PayBody,
    responses: { 200: PayResponse },
    errors: [409, 503],
    rows: ownOrder,
    example: { body: { method: 'bank' } },
  },
  orderRefresh: {
    access: 'user',
    tag: TAG,
    summary: '查询支付结果：向支付平台查询未到账的订单（从收银台返回后调用），已支付则立即完成',
    params: IdParams,
    responses: { 200: Order },
    rows: ownOrder,
  },
  orderSlip: {
    access: 'user',
    tag: TAG,
    summary: '上传对公转账凭证：multipart/form-data，字段 file；图片或 PDF，不超过 5 MB；订单变为待确认',
    params: IdParams,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('凭证文件（binary）') }),
    responses: { 200: Order },
    errors: [409, 413, 415],
    rows: ownOrder,
  },

  adminOrderList: {
    access: financeReads,
    tag: TAG,
    summary: '全部订单：按状态、支付方式筛选，按订单号、买家账号或汇款备注码查找',
    query: AdminOrderQuery,
    responses: { 200: AdminOrderPage },
  },
  adminOrderGet: {
    access: financeReads,
    tag: TAG,
    summary: '一个订单：买家、支付与退款记录、汇款凭证',
    params: IdParams,
    responses: { 200: AdminOrderDetail },
    rows: anyOrder,
  },
  adminOrderSlip: {
    access: financeReads,
    tag: TAG,
    summary: '订单的汇款凭证文件（图片或 PDF）',
    params: IdParams,
    responses: { 200: z.string().describe('图片或 PDF') },
    responseFormat: 'binary',
    rows: anyOrder,
  },
  adminOrderConfirmTransfer: {
    access: finance,
    tag: TAG,
    summary: '确认对公转账到账：到账金额须与订单金额一致；订单完成并开通权益，记入操作日志',
    params: IdParams,
    body: ConfirmTransferBody,
    responses: { 200: AdminOrderDetail },
    errors: [409],
    rows: anyOrder,
    example: { body: { amountFen: 198_000, reference: 'HX20261126000123' } },
  },
  adminOrderRefund: {
    access: finance,
    tag: TAG,
    summary: '退款：在线支付原路退回（对公转账由财务线下退回）；权益随即终止，记入操作日志并通知买家',
    params: IdParams,
    body: RefundBody,
    responses: { 200: AdminOrderDetail },
    errors: [409, 503],
    rows: anyOrder,
    example: { body: { reason: '客户误购，协商退款' } },
  },
} as const satisfies Record<string, EndpointSpec>;
