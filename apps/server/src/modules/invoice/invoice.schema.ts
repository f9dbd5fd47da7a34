import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { InvoiceStatus, InvoiceTitleKind, InvoiceType } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { orders } from '../order/order.schema.js';
import { salesOrders } from '../sales-order/sales-order.schema.js';
import { personalData } from '../../db/personal-data.js';

/** The invoice titles (抬头) a user keeps, and those of companies (kept by a member, shared by role). */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial('id').primaryKey(),
    /** Whose the title is; for a company's, the member who added it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the title belongs to (docs/decisions/0068); null for a user's own. */
    companyId: integer('company_id').references(() => companies.id),
    kind: text('kind', { enum: enumValues(InvoiceTitleKind) }).notNull(),
    type: text('type', { enum: enumValues(InvoiceType) }).notNull(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    addressPhone: text('address_phone'),
    bankAccount: text('bank_account'),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_titles_user_idx').on(t.userId), index('invoice_titles_company_idx').on(t.companyId)],
);

/**
 * Invoice requests and the invoices issued for them: one per order of a plan or per sales order (one
 * of the two), for the amount paid, with a copy of the title as it was when asked for (a later edit of
 * the title changes nothing issued).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    /** The sales order invoiced (docs/decisions/0064), when it is not an order of a plan. */
    salesOrderId: integer('sales_order_id').references(() => salesOrders.id),
    /** What a sales order's invoice is for, as the lists show it (a plan order's is the plan's name). */
    subjectName: text('subject_name'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: enumValues(InvoiceStatus) }).notNull(),
    titleKind: text('title_kind', { enum: enumValues(InvoiceTitleKind) }).notNull(),
    titleType: text('title_type', { enum: enumValues(InvoiceType) }).notNull(),
    titleName: text('title_name').notNull(),
    taxId: text('tax_id'),
    addressPhone: text('address_phone'),
    bankAccount: text('bank_account'),
    email: text('email').notNull(),
    invoiceNumber: text('invoice_number'),
    /** The issued invoice's file (PDF or OFD), a key of the file store. */
    fileKey: text('file_key'),
    fileType: text('file_type'),
    rejectReason: text('reject_reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_idx').on(t.orderId),
    uniqueIndex('invoices_sales_order_idx').on(t.salesOrderId),
    check('invoices_one_subject', sql`(${t.orderId} is null) <> (${t.salesOrderId} is null)`),
    index('invoices_user_idx').on(t.userId, t.createdAt),
    index('invoices_status_idx').on(t.status),
  ],
);

export const invoiceTitlesPersonalData = personalData(invoiceTitles, {
  columns: [invoiceTitles.userId, invoiceTitles.addressPhone, invoiceTitles.bankAccount, invoiceTitles.email],
  treatment: 'erased',
  reason: 'The saved invoice titles (name, tax ID, address and phone, bank account, e-mail) are deleted; those added to a company stay with the company.',
});

export const invoicesPersonalData = personalData(invoices, {
  columns: [invoices.userId, invoices.addressPhone, invoices.bankAccount, invoices.email],
  treatment: 'kept',
  reason:
    'Issued and reversed invoices are accounting records kept as 《会计档案管理办法》 and 《发票管理办法》 require: the title as invoiced stays, the delivery e-mail and the address and phone are erased, and they name the anonymised account. Rejected requests keep nothing of the title; requests not answered refuse the deletion.',
});
