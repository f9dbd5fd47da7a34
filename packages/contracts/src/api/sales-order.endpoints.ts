import { IdParams } from '../common.js';
import { ConfirmTransferBody } from '../order.js';
import {
  AdminSalesOrder,
  AdminSalesOrderPage,
  AdminSalesOrderQuery,
  SalesOrder,
  SalesOrderCancelBody,
  SalesOrderContractBody,
  SalesOrderInvoiceBody,
  SalesOrderPage,
  SalesOrderQuery,
  SalesOrderShipBody,
} from '../sales-order.js';
import type { EndpointSpec } from './endpoint.js';

const TAG = '销售订单';
const DESK_TAG = '销售订单（工作台）';
/**
 * An order the caller may see: their own, or their company's when they are its 管理员, 采购, 财务 or
 * 质量. Everyone else gets 404, as for an order that does not exist.
 */
const ownOrder = { kind: 'salesOrder', owner: true } as const;
const anyOrder = { kind: 'salesOrderRow', owner: false } as const;
const sales = { staff: ['sales'] } as const;
const finance = { staff: ['finance'] } as const;
/** The desk is read by the sales staff, finance (who confirm the transfers) and administrators. */
const deskReads = { staff: ['sales', 'finance', 'admin'] } as const;

/** Sales orders made from accepted quotes: the buyer's side, and the desk of the sales staff and finance. */
export const salesOrderEndpoints = {
  salesOrderList: {
    access: 'user',
    tag: TAG,
    summary: '销售订单：本人的订单，以及（企业管理员、采购、财务、质量）本企业的订单，新的在前',
    query: SalesOrderQuery,
    responses: { 200: SalesOrderPage },
  },
  salesOrderDetail: {
    access: 'user',
    tag: TAG,
    summary: '销售订单详情：产品行与批号、合同、付款（收款账户与汇款备注码）、发货、发票与订单记录',
    params: IdParams,
    responses: { 200: SalesOrder },
    rows: ownOrder,
  },
  salesOrderReceive: {
    access: 'user',
    tag: TAG,
    summary: '确认收货（已发货时；询价人，或企业管理员、采购）；货款已到账则订单完成',
    params: IdParams,
    responses: { 200: SalesOrder },
    errors: [403, 409],
    rows: ownOrder,
  },
  salesOrderCancel: {
    access: 'user',
    tag: TAG,
    summary: '取消订单（待签合同时；企业订单须企业管理员），写明原因；通知销售',
    params: IdParams,
    body: SalesOrderCancelBody,
    responses: { 200: SalesOrder },
    errors: [403, 409],
    rows: ownOrder,
    example: { body: { reason: '项目推迟，暂不采购' } },
  },
  salesOrderInvoice: {
    access: 'user',
    tag: TAG,
    summary: '申请发票（货款到账后；询价人本人，或企业管理员、财务）：用本人的发票抬头，专票须单位抬头；金额为订单合计，由财务在发票管理中开具',
    params: IdParams,
    body: SalesOrderInvoiceBody,
    responses: { 200: SalesOrder },
    errors: [403, 404, 409],
    rows: ownOrder,
    example: { body: { titleId: 1 } },
  },
  adminSalesOrderList: {
    access: deskReads,
    tag: DESK_TAG,
    summary: '销售订单（销售、财务）：按状态筛选，按订单号、询价单号、企业、汇款备注码或合同编号查找；进行中的在前',
    query: AdminSalesOrderQuery,
    responses: { 200: AdminSalesOrderPage },
  },
  adminSalesOrderDetail: {
    access: deskReads,
    tag: DESK_TAG,
    summary: '销售订单详情：下单人与企业、产品行、合同、付款、发货、发票与订单记录',
    params: IdParams,
    responses: { 200: AdminSalesOrder },
    rows: anyOrder,
  },
  adminSalesOrderContract: {
    access: sales,
    tag: DESK_TAG,
    summary: '登记合同已签订（合同编号、签订日期）：订单变为已签合同，买方可按汇款备注码对公转账；通知买方并记入操作日志',
    params: IdParams,
    body: SalesOrderContractBody,
    responses: { 200: AdminSalesOrder },
    errors: [409],
    rows: anyOrder,
    example: { body: { contractNumber: 'HT-2026-0158', signedOn: '2026-11-28' } },
  },
  adminSalesOrderConfirmTransfer: {
    access: finance,
    tag: DESK_TAG,
    summary: '确认对公转账到账（合同签订后）：到账金额须与订单合计一致；通知买方并记入操作日志',
    params: IdParams,
    body: ConfirmTransferBody,
    responses: { 200: AdminSalesOrder },
    errors: [409],
    rows: anyOrder,
    example: { body: { amountFen: 2_712_000, reference: 'HX20261128000456' } },
  },
  adminSalesOrderShip: {
    access: sales,
    tag: DESK_TAG,
    summary: '发货（款到发货须货款已到账；账期订单合同签订后即可）：承运商、运单号、每个产品的批号；通知买方并记入操作日志',
    params: IdParams,
    body: SalesOrderShipBody,
    responses: { 200: AdminSalesOrder },
    errors: [409],
    rows: anyOrder,
    example: { body: { carrier: '顺丰速运', trackingNumber: 'SF1234567890123', lines: [{ lineId: 1, batchNumbers: ['MCC261101'] }] } },
  },
  adminSalesOrderReceive: {
    access: sales,
    tag: DESK_TAG,
    summary: '代买方确认签收（买方线下确认后）；货款已到账则订单完成；记入操作日志',
    params: IdParams,
    responses: { 200: AdminSalesOrder },
    errors: [409],
    rows: anyOrder,
  },
  adminSalesOrderCancel: {
    access: sales,
    tag: DESK_TAG,
    summary: '取消订单（货款到账前），写明原因；通知买方并记入操作日志',
    params: IdParams,
    body: SalesOrderCancelBody,
    responses: { 200: AdminSalesOrder },
    errors: [409],
    rows: anyOrder,
    example: { body: { reason: '客户要求取消' } },
  },
} as const satisfies Record<string, EndpointSpec>;
