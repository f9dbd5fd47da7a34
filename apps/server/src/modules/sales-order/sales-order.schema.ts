import { bigint, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_TERMS, QUOTE_UNITS, SALES_ORDER_EVENTS, SALES_ORDER_STATES } from '@fuliaotong/contracts';
import { personalData } from '../../db/personal-data.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { quoteRequests, quoteRevisions } from '../quote/quote.schema.js';

/*
 * Sales orders (销售订单), docs/decisions/0064: made from the accepted revision of a quote, in the
 * transaction that accepts it. The order keeps its own copy of the accepted lines and terms, so that
 * nothing later (a catalogue change, the quote's anonymisation) rewrites what was bought.
 */

export const SALES_ORDER_EVENT_SIDES = ['buyer', 'staff', 'system'] as const;

const quantity = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });

export const salesOrders = pgTable(
  'sales_orders',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: XS + yyyymmdd (Beijing) + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    /** The request whose quote was accepted (one order per request) and the revision accepted. */
    quoteId: integer('quote_id')
      .notNull()
      .unique()
      .references(() => quoteRequests.id, { onDelete: 'restrict' }),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'restrict' }),
    /** The requester of the quote. `restrict`: the order outlives the account (deleting it anonymises). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The request's company (its 管理员, 采购, 财务 and 质量 see the order); null: a personal order. */
    companyId: integer('company_id').references(() => companies.id),
    status: text('status', { enum: SALES_ORDER_STATES }).notNull().default('contract'),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    creditDays: integer('credit_days'),
    deliveryTerms: text('delivery_terms').notNull(),
    deliveryCity: text('delivery_city').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** What the buyer writes in the transfer's 附言, so that finance matches the money to the order. */
    remittanceCode: text('remittance_code').notNull().unique(),
    contractNumber: text('contract_number'),
    signedOn: date('signed_on', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidFen: bigint('paid_fen', { mode: 'number' }),
    /** The bank's reference of the transfer, as finance recorded it. */
    bankReference: text('bank_reference'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sales_orders_user_idx').on(t.userId, t.createdAt),
    index('sales_orders_company_idx').on(t.companyId, t.createdAt),
    index('sales_orders_status_idx').on(t.status, t.updatedAt),
  ],
);

/** The lines bought: the accepted quote's lines, and the batches each was shipped from. */
export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    spec: text('spec').notNull(),
    unit: text('unit', { enum: QUOTE_UNITS }).notNull(),
    quantity: quantity('quantity').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    taxRate: integer('tax_rate').notNull(),
    taxCode: text('tax_code').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    dangerousGoods: text('dangerous_goods'),
    batchNumbers: text('batch_numbers').array().notNull().default([]),
  },
  (t) => [index('sales_order_lines_order_idx').on(t.orderId)],
);

/** The order's history: each step, who took it, in order. */
export const salesOrderEvents = pgTable(
  'sales_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SALES_ORDER_EVENTS }).notNull(),
    side: text('side', { enum: SALES_ORDER_EVENT_SIDES }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sales_order_events_order_idx').on(t.orderId, t.id)],
);

export const salesOrdersPersonalData = personalData(salesOrders, {
  columns: [salesOrders.userId, salesOrders.contactPhone],
  treatment: 'anonymised',
  reason:
    "A sales order is an accounting and shipping record: it stays with the anonymised account and the company; the contact's name keeps its family name and the phone what a waybill shows. Open orders refuse the deletion.",
});

export const salesOrderEventsPersonalData = personalData(salesOrderEvents, {
  columns: [salesOrderEvents.actorId],
  treatment: 'anonymised',
  reason: "The person's own steps in an order's history stay (the supplier's record of it), signed 已注销用户.",
});
