import { defineErrors } from './error-definition.js';

/** Error codes of sales orders (docs/decisions/0064). */
export const salesOrderErrors = defineErrors({
  /**
   * The order is not in a state that allows this (not yet signed, not yet paid, already shipped,
   * cancelled …); the message names the state and what is missing.
   */
  sales_order_state: { status: 409, message: '销售订单状态不允许此操作' },
});
