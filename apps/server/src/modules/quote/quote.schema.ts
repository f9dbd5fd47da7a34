import { bigint, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_TERMS, QUOTE_EVENTS, QUOTE_PURPOSES, QUOTE_STATES, QUOTE_UNITS } from '@fuliaotong/contracts';
import { personalData } from '../../db/personal-data.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { sampleApplications } from '../sample-application/sample-application.schema.js';

/*
 * Price requests (询价) and the sales staff's quotes (报价单), docs/decisions/0062. A request keeps its
 * own copy of each product's name, grade and pack size, and every revision of the quote its own copy
 * of what it priced, so that later catalogue changes never rewrite what was asked for or offered.
 */

/** Who wrote an entry of a request's thread. */
export const QUOTE_EVENT_SIDES = ['buyer', 'staff', 'system'] as const;

/** A quantity: up to a million of its unit, with three decimals. */
const quantity = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: XJ + yyyymmdd (Beijing) + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    /** The requester. `restrict`: the request outlives the account (deleting it anonymises the user's row). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The requester's company when the request was made (its 管理员, 采购 and 财务 see it); null: none. */
    companyId: integer('company_id').references(() => companies.id),
    status: text('status', { enum: QUOTE_STATES }).notNull().default('pending'),
    deliveryCity: text('delivery_city').notNull(),
    requiredDate: date('required_date', { mode: 'string' }).notNull(),
    purpose: text('purpose', { enum: QUOTE_PURPOSES }).notNull(),
    remark: text('remark').notNull().default(''),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** The shipped sample application the request follows, if any. */
    sampleApplicationId: integer('sample_application_id').references(() => sampleApplications.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('quote_requests_user_idx').on(t.userId, t.createdAt),
    index('quote_requests_company_idx').on(t.companyId, t.createdAt),
    index('quote_requests_status_idx').on(t.status, t.updatedAt),
  ],
);

/** The products asked for, as they were named when asked. */
export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The grade and packaging chosen; null: the sales staff recommend one. */
    specId: integer('spec_id').references(() => excipientSpecs.id, { onDelete: 'set null' }),
    grade: text('grade'),
    packSize: text('pack_size'),
    quantity: quantity('quantity').notNull(),
    unit: text('unit', { enum: QUOTE_UNITS }).notNull(),
  },
  (t) => [index('quote_request_lines_request_idx').on(t.requestId)],
);

/** Each quote the sales staff sent for a request: revision 1, 2 … each with its own BJ number, all kept. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    /** Shown to people: BJ + yyyymmdd (Beijing) + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    revision: integer('revision').notNull(),
    /** The last day (Beijing) the prices hold, that day included. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    creditDays: integer('credit_days'),
    deliveryTerms: text('delivery_terms').notNull(),
    remark: text('remark').notNull().default(''),
    /** The member of the sales staff who sent it, and the name the quote is signed with. */
    quotedBy: integer('quoted_by').references(() => users.id, { onDelete: 'set null' }),
    quotedByName: text('quoted_by_name').notNull(),
    /** When the buyer was reminded that it is about to expire (once per revision). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('quote_revisions_request_revision_idx').on(t.requestId, t.revision)],
);

/** The lines of a revision: what a 增值税专用发票 later needs is on each. Money in 分, prices include VAT. */
export const quoteRevisionLines = pgTable(
  'quote_revision_lines',
  {
    id: serial('id').primaryKey(),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** 规格型号 and 计量单位 as the invoice will print them. */
    spec: text('spec').notNull(),
    unit: text('unit', { enum: QUOTE_UNITS }).notNull(),
    quantity: quantity('quantity').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    /** VAT rate in percent. */
    taxRate: integer('tax_rate').notNull(),
    /** 税收分类编码 (19 digits). */
    taxCode: text('tax_code').notNull(),
    moq: quantity('moq').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    /** The transport terms of a dangerous chemical (危险化学品); null for other goods. */
    dangerousGoods: text('dangerous_goods'),
    remark: text('remark').notNull().default(''),
    /** round(unit price × quantity), and the VAT in it: round(amount × rate / (100 + rate)). */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
  },
  (t) => [index('quote_revision_lines_revision_idx').on(t.revisionId)],
);

/** The thread of a request: what each side did or wrote, in order. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: QUOTE_EVENTS }).notNull(),
    side: text('side', { enum: QUOTE_EVENT_SIDES }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    message: text('message'),
    /** The revision the entry is about (a quote sent, accepted, expired). */
    revision: integer('revision'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quote_events_request_idx').on(t.requestId, t.id)],
);

export const quoteRequestsPersonalData = personalData(quoteRequests, {
  columns: [quoteRequests.userId, quoteRequests.contactPhone],
  treatment: 'anonymised',
  reason:
    "A closed request and its quotes are the supplier's commercial record: they stay with the anonymised account and the company; the contact's name keeps its family name and the phone what a waybill shows. Open requests refuse the deletion.",
});

export const quoteRevisionsPersonalData = personalData(quoteRevisions, {
  columns: [quoteRevisions.quotedBy],
  treatment: 'anonymised',
  reason: 'A quote stays with the request it answered; a deleted staff account is named 已注销用户 on it.',
});

export const quoteEventsPersonalData = personalData(quoteEvents, {
  columns: [quoteEvents.actorId],
  treatment: 'anonymised',
  reason: "The person's own entries in a request's thread stay (the other side's record of it), signed 已注销用户.",
});
