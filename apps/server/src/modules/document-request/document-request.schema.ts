import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DOCUMENT_COPIES, DOCUMENT_REQUEST_KINDS } from '@fuliaotong/contracts';
import { personalData } from '../../db/personal-data.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { excipients } from '../excipient/excipient.schema.js';

/*
 * Regulatory documents under a confidentiality agreement (docs/decisions/0069-document-requests-and-
 * confidentiality.md): the agreement's versions, the signatures (evidence, never changed), the requests
 * and every download of what they delivered.
 */

/** The stored states; 已过期 is an approved request past `expires_at` (derived when read). */
export const STORED_DOCUMENT_REQUEST_STATES = ['pending', 'approved', 'refused', 'withdrawn'] as const;

export const confidentialityAgreements = pgTable('confidentiality_agreements', {
  id: serial('id').primaryKey(),
  /** 1, 2, 3 … in the order published; the highest is the current version. */
  version: integer('version').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** A member's click-wrap signature of one version: what they signed, as whom, for which company, when and from where. */
export const confidentialityAcceptances = pgTable(
  'confidentiality_acceptances',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => confidentialityAgreements.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The signer's name as it was when they signed. */
    signerName: text('signer_name').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    companyName: text('company_name').notNull(),
    ip: text('ip').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('confidentiality_acceptances_signer_idx').on(t.agreementId, t.userId), index('confidentiality_acceptances_company_idx').on(t.companyId, t.acceptedAt)],
);

export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: ZL + yyyymmdd (Beijing) + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: DOCUMENT_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: STORED_DOCUMENT_REQUEST_STATES }).notNull().default('pending'),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    /** The product's name when asked for (kept if the product leaves the catalogue). */
    productName: text('product_name').notNull(),
    regNo: text('reg_no'),
    formulationName: text('formulation_name'),
    applicant: text('applicant'),
    auditDates: text('audit_dates'),
    auditScope: text('audit_scope'),
    note: text('note'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The requester's signature of the agreement in force when they asked. */
    acceptanceId: integer('acceptance_id')
      .notNull()
      .references(() => confidentialityAcceptances.id, { onDelete: 'restrict' }),
    /** The document to deliver (in the file store): uploaded by the staff or generated from the template. */
    fileKey: text('file_key'),
    fileGenerated: boolean('file_generated').notNull().default(false),
    /** The file carries an electronic seal: its original is delivered untouched besides the stamped copy. */
    fileSealed: boolean('file_sealed').notNull().default(false),
    decisionNote: text('decision_note'),
    refuseReason: text('refuse_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The end of the access (the end of the day chosen, Beijing time); null: no document to download. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('document_requests_company_idx').on(t.companyId, t.createdAt), index('document_requests_status_idx').on(t.status, t.updatedAt)],
);

/** Every download of a delivered document: who, when, from where, which copy. */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    copy: text('copy', { enum: DOCUMENT_COPIES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('document_downloads_request_idx').on(t.requestId, t.at)],
);

export const confidentialityAgreementsPersonalData = personalData(confidentialityAgreements, {
  columns: [confidentialityAgreements.publishedBy],
  treatment: 'anonymised',
  reason: 'A published version stays; the member of the staff who published it is the anonymised account.',
});

export const confidentialityAcceptancesPersonalData = personalData(confidentialityAcceptances, {
  columns: [confidentialityAcceptances.userId, confidentialityAcceptances.ip],
  treatment: 'kept',
  reason:
    "A signature is the supplier's evidence of the company's confidentiality undertaking (《中华人民共和国民法典》第五百零一条: the duty outlives the contract's end); it keeps the name, time and address it was signed with and points at the anonymised account.",
});

export const documentRequestsPersonalData = personalData(documentRequests, {
  columns: [documentRequests.userId, documentRequests.decidedBy],
  treatment: 'anonymised',
  reason: "A request belongs to the company: it stays, naming the anonymised account (shown as 已注销用户).",
});

export const documentDownloadsPersonalData = personalData(documentDownloads, {
  columns: [documentDownloads.userId, documentDownloads.ip],
  treatment: 'anonymised',
  reason: 'The log of who received a confidential document stays for the supplier; the name becomes 已注销用户.',
});
