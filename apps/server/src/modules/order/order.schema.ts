import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DatabaseCode, OrderStatus, PaymentMethod, PlanKind } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { plans } from '../plan/plan.schema.js';
import { companies } from '../company/company.schema.js';
import { personalData } from '../../db/personal-data.js';

/**
 * Orders of plans. An order copies what it sells (name, term, seats, price) from the plan, so that a
 * later change of the plan never changes what was bought. Money is integer 分.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** DD + the Beijing date it was placed + the id, e.g. DD20261126000042. */
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The company the buyer belonged to when placing it (its 管理员 reads it, docs/decisions/0068); null for none. */
    companyId: integer('company_id').references(() => companies.id),
    kind: text('kind', { enum: enumValues(PlanKind) }).notNull(),
    databaseCode: text('database_code', { enum: enumValues(DatabaseCode) }),
    name: text('name').notNull(),
    days: integer('days').notNull(),
    seats: integer('seats'),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: enumValues(OrderStatus) }).notNull(),
    /** The way the buyer chose to pay (the last one, when they switched). */
    method: text('method', { enum: enumValues(PaymentMethod) }),
    /** Unpaid at this moment, the order closes (for a bank transfer: the transfer's deadline). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The 汇款备注码 of a bank transfer, unique among orders. */
    remittanceCode: text('remittance_code'),
    /** The bank slip the buyer uploaded (a key of the file store). */
    slipKey: text('slip_key'),
    slipUploadedAt: timestamp('slip_uploaded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidFen: integer('paid_fen'),
    /** How it was paid, and the gateway's transaction number (or the finance note of a bank transfer). */
    paidBy: text('paid_by', { enum: enumValues(PaymentMethod) }),
    tradeNo: text('trade_no'),
    /**
     * A refund through the gateway began (finance asked for it) and has not finished: other refunds of
     * the order wait for it. The gateway answers a refund number again with the same refund, so one
     * left behind by a crash is simply tried again after a while.
     */
    refundStartedAt: timestamp('refund_started_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundFen: integer('refund_fen'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_remittance_code_idx').on(t.remittanceCode),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_status_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * Every verified payment and refund a gateway reported (or finance confirmed), once each: the
 * unique key makes a repeated notification a no-op, and staff see what came late or twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: enumValues(PaymentMethod) }).notNull(),
    /** `payment` or `refund`. */
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    /** The gateway's transaction (or refund) number; for a bank transfer, the order number. */
    tradeNo: text('trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** What it did: paid the order, reopened a closed one, or was refunded at once (the order was paid already). */
    outcome: text('outcome', { enum: ['paid', 'reopened', 'refunded'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payments_trade_idx').on(t.method, t.kind, t.tradeNo), index('payments_order_idx').on(t.orderId)],
);

export const ordersPersonalData = personalData(orders, {
  columns: [orders.userId],
  treatment: 'kept',
  reason:
    'Orders and their payments are accounting records kept as 《会计档案管理办法》 requires; they hold nothing personal but the buyer, who becomes the anonymised account. Unpaid orders and bank transfers awaiting confirmation refuse the deletion.',
});
