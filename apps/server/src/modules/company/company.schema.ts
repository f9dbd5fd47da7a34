import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CompanyState, type CompanyRoleName } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

/*
 * Companies (企业, docs/decisions/0061): the buyer's company as its 管理员 described it and the staff
 * verified it, the members and the roles each holds, and the invitations its 管理员 sent.
 */

/** What an invitation became; an expired one is a `pending` one past `expiresAt`, and a revoked one is deleted. */
export const INVITATION_ROW_STATES = ['pending', 'accepted', 'declined'] as const;

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 统一社会信用代码 (GB 32100-2015, its check character checked). */
    creditCode: text('credit_code').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status', { enum: enumValues(CompanyState) }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    /** The business licence (营业执照) image, a key of the file store; null before it is uploaded. */
    licenseKey: text('license_key'),
    /** The user who created the company (its first 管理员). */
    createdBy: integer('created_by').references(() => users.id),
    /** The member of the staff who verified it, and when. */
    verifiedBy: integer('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The company's own yearly sample allowance set by the staff; null: the sample settings' default. */
    yearlyApplications: integer('yearly_applications'),
    yearlyItems: integer('yearly_items'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('companies_status_idx').on(t.status, t.createdAt), index('companies_credit_code_idx').on(t.creditCode)],
);

/** Who belongs to which company with which roles. A user is a member of one company at most (the unique index on the user). */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roles: text('roles').array().$type<CompanyRoleName[]>().notNull().default(sql`'{}'::text[]`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), uniqueIndex('company_members_user_idx').on(t.userId)],
);

/** Invitations of a mobile number or e-mail address to join a company, with the roles the person will hold. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The mobile number or (lower-cased) e-mail address invited. */
    account: text('account').notNull(),
    roles: text('roles').array().$type<CompanyRoleName[]>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id),
    status: text('status', { enum: INVITATION_ROW_STATES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The account that accepted or declined it, and when. */
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('company_invitations_company_idx').on(t.companyId, t.createdAt),
    index('company_invitations_account_idx').on(t.account),
    // One invitation waiting per company and address.
    uniqueIndex('company_invitations_pending_idx')
      .on(t.companyId, t.account)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const companiesPersonalData = personalData(companies, {
  columns: [companies.contactPhone, companies.createdBy, companies.verifiedBy],
  treatment: 'anonymised',
  reason:
    'A company is the buyer, not the person: it stays, naming the anonymised account as its creator or verifier. Its contact name and phone are emptied when the phone is the deleted account itself.',
});

export const companyMembersPersonalData = personalData(companyMembers, {
  columns: [companyMembers.userId],
  treatment: 'erased',
  reason: 'The membership ends: the member row is deleted (the last 管理员 of a company with other members cannot delete the account).',
});

export const companyInvitationsPersonalData = personalData(companyInvitations, {
  columns: [companyInvitations.account, companyInvitations.invitedBy, companyInvitations.answeredBy],
  treatment: 'erased',
  reason:
    'The invitations addressed to the account (waiting, answered or expired) are deleted; the ones the person sent as 管理员 stay with the company, naming the anonymised account.',
});
