/*
 * Sales orders (销售订单), docs/decisions/0064: an accepted quote becomes an order the supplier's staff
 * carry through contract, bank transfer, shipping and completion.
 */

/** Where a sales order stands. */
export const SALES_ORDER_STATES = ['contract', 'signed', 'paid', 'shipped', 'completed', 'cancelled'] as const;
export type SalesOrderStateName = (typeof SALES_ORDER_STATES)[number];
export const salesOrderStateLabels: Record<SalesOrderStateName, string> = {
  contract: '待签合同',
  signed: '已签合同',
  paid: '已付款',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
};
/** The states in which an order is still under way (blocks deleting the buyer's account). */
export const OPEN_SALES_ORDER_STATES = ['contract', 'signed', 'paid', 'shipped'] as const satisfies readonly SalesOrderStateName[];

/** The entries of an order's history, in order. */
export const SALES_ORDER_EVENTS = ['created', 'signed', 'paid', 'shipped', 'received', 'completed', 'cancelled', 'invoice'] as const;
export type SalesOrderEventName = (typeof SALES_ORDER_EVENTS)[number];
export const salesOrderEventLabels: Record<SalesOrderEventName, string> = {
  created: '接受报价，生成订单',
  signed: '合同已签订',
  paid: '货款已到账',
  shipped: '已发货',
  received: '确认收货',
  completed: '订单完成',
  cancelled: '订单取消',
  invoice: '申请发票',
};

/** Batch numbers one line of a shipment may carry, at most. */
export const SHIPMENT_BATCHES_MAX = 10;
