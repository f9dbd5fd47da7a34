import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The sandbox gateways' own books (PAYMENT_MODE=sandbox): the orders our server placed with the
 * stand-in of 微信支付 or 支付宝, as the real gateway would keep them.
 */
export const sandboxGatewayOrders = pgTable(
  'sandbox_gateway_orders',
  {
    id: serial('id').primaryKey(),
    /** The token of the buyer's page (/sandbox-pay/wechat/<token>). */
    token: text('token').notNull(),
    provider: text('provider', { enum: ['wechat', 'alipay'] }).notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    subject: text('subject').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url'),
    /** NOTPAY, SUCCESS or CLOSED (the gateways' own words). */
    status: text('status', { enum: ['NOTPAY', 'SUCCESS', 'CLOSED'] }).notNull(),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedFen: integer('refunded_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_orders_trade_idx').on(t.provider, t.outTradeNo), uniqueIndex('sandbox_gateway_orders_token_idx').on(t.token)],
);

/**
 * The refunds the sandbox gateways made, one per refund number of an order: asked again with the same
 * number (out_refund_no, out_request_no), they answer the same refund, as the real gateways do.
 */
export const sandboxGatewayRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => sandboxGatewayOrders.id),
    refundNo: text('refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** The gateway's number of the refund (微信支付 refund_id). */
    refundId: text('refund_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_refunds_number_idx').on(t.orderId, t.refundNo)],
);
