import { index, integer, jsonb, pgTable, serial, text, timestamp, date, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHANGE_IMPACT_LEVELS, CHANGE_NOTICE_KINDS, CHANGE_NOTICE_REMINDER_DAYS, CHANGE_NOTICE_STATES, type ChangeNoticeReasonName } from '@fuliaotong/contracts';
import { personalData } from '../../db/personal-data.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { excipients } from '../excipient/excipient.schema.js';

/*
 * Change notices (docs/decisions/0072-change-notices.md): what the quality staff publish about a change
 * to a product, and who it reached, why, and whether they acknowledged it.
 */

/** A document attached to a notice: its key in the file store, the name it was uploaded with, its size. */
export interface StoredChangeDocument {
  key: string;
  name: string;
  size: number;
}

export const changeNotices = pgTable(
  'change_notices',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: BG + yyyymmdd (Beijing, the day it was written) + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    /** The product's name when written (kept if the product leaves the catalogue). */
    productName: text('product_name').notNull(),
    kind: text('kind', { enum: CHANGE_NOTICE_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    impactLevel: text('impact_level', { enum: CHANGE_IMPACT_LEVELS }).notNull(),
    impact: text('impact').notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    documents: jsonb('documents').$type<StoredChangeDocument[]>().notNull().default([]),
    status: text('status', { enum: CHANGE_NOTICE_STATES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawReason: text('withdraw_reason'),
    reminderAfterDays: integer('reminder_after_days').notNull().default(CHANGE_NOTICE_REMINDER_DAYS),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('change_notices_status_idx').on(t.status, t.updatedAt), index('change_notices_excipient_idx').on(t.excipientId)],
);

/** A person a published notice reached: why, when, and their acknowledgement and reminder. */
export const changeNoticeRecipients = pgTable(
  'change_notice_recipients',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => changeNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Their company when the notice was published; null: a person without a company. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    reasons: text('reasons').array().$type<ChangeNoticeReasonName[]>().notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('change_notice_recipients_unique_idx').on(t.noticeId, t.userId), index('change_notice_recipients_user_idx').on(t.userId, t.notifiedAt)],
);

export const changeNoticesPersonalData = personalData(changeNotices, {
  columns: [changeNotices.createdBy],
  treatment: 'anonymised',
  reason: 'A published notice stays for its recipients; the member of the staff who wrote it is the anonymised account.',
});

export const changeNoticeRecipientsPersonalData = personalData(changeNoticeRecipients, {
  columns: [changeNoticeRecipients.userId, changeNoticeRecipients.acknowledgedBy],
  treatment: 'anonymised',
  reason: "That a company's member was told of a change and acknowledged it is the supplier's record of having informed the customer (《药品上市后变更管理办法（试行）》): the rows stay, naming the anonymised account (已注销用户).",
});
