import { defineErrors } from './error-definition.js';

/** Error codes of orders and payment. */
export const commerceErrors = defineErrors({
  /** The order is not in a status that allows this (already paid, closed, …); the message names its status. */
  order_state: { status: 409, message: '订单状态不允许此操作' },
  /** The payment gateway could not be reached or refused the request; another method may work. */
  payment_unavailable: { status: 503, message: '支付服务暂不可用，请稍后再试或选择其他支付方式' },
});
