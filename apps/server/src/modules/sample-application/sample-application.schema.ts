import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ApplicationEvent, ApplicationStatus } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { uploads } from '../files/files.schema.js';
import { batches } from '../batch/batch.schema.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { personalData } from '../../db/personal-data.js';

/** Who acted on an application: the applicant (member) or the supplier's staff. */
export const eventActorRole = pgEnum('user_role', ['member', 'staff']);

/*
 * An application keeps its own copy of the shipping address and of each item's product name,
 * grade and pack size, so later catalogue or address-book changes never rewrite what was applied for.
 */

export const applicationStatus = pgEnum('application_status', enumValues(ApplicationStatus));

export const sampleApplications = pgTable(
  'sample_applications',
  {
    id: serial('id').primaryKey(),
    /** Shown to people: YP + yyyymmdd + the id, zero-padded to 6 digits. */
    number: text('number').notNull().unique(),
    /** The applicant. `restrict`: the company's record outlives the account (deleting it anonymises the user's row). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: applicationStatus('status').notNull().default('submitted'),
    /** The applicant's company when the application was submitted (its yearly sample allowance counts it); null: none. */
    companyId: integer('company_id').references(() => companies.id),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    companyType: text('company_type').notNull(),
    department: text('department').notNull().default(''),
    purpose: text('purpose').notNull(),
    dosageForm: text('dosage_form').notNull(),
    stage: text('stage').notNull(),
    projectName: text('project_name').notNull().default(''),
    notes: text('notes').notNull().default(''),
    address: jsonb('address')
      .$type<{ recipient: string; mobile: string; regionCodes: string[]; regionNames: string[]; street: string }>()
      .notNull(),
    rejectReason: text('reject_reason'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sample_applications_user_idx').on(t.userId, t.status, t.createdAt),
    index('sample_applications_status_idx').on(t.status, t.createdAt),
    index('sample_applications_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const sampleApplicationItems = pgTable(
  'sample_application_items',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => sampleApplications.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id').references(() => excipients.id, { onDelete: 'set null' }),
    specId: integer('spec_id').references(() => excipientSpecs.id, { onDelete: 'set null' }),
    nameZh: text('name_zh').notNull(),
    grade: text('grade').notNull(),
    packSize: text('pack_size').notNull(),
    quantity: integer('quantity').notNull(),
    /** The batch shipped, and its certificate of analysis (a PDF in the file store), set when shipping. */
    batchNumber: text('batch_number'),
    coaKey: text('coa_key').references(() => uploads.name),
    /** The batch on record the shipped number names (docs/decisions/0073-batches-and-coa-lookup.md); null: none. */
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
  },
  (t) => [index('sample_application_items_application_idx').on(t.applicationId)],
);

export const applicationAction = pgEnum('application_action', enumValues(ApplicationEvent.shape.action));

/** Every change of an application: who, when, what it became, and the note (reason, tracking number ...). */
export const sampleApplicationEvents = pgTable(
  'sample_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => sampleApplications.id, { onDelete: 'cascade' }),
    action: applicationAction('action').notNull(),
    status: applicationStatus('status').notNull(),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: eventActorRole('actor_role').notNull(),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sample_application_events_application_idx').on(t.applicationId, t.id)],
);

export const sampleApplicationsPersonalData = personalData(sampleApplications, {
  columns: [sampleApplications.userId, sampleApplications.mobile, sampleApplications.email],
  treatment: 'anonymised',
  reason:
    'A finished application is the company record of a sample given out (kept 3 years, docs/decisions/0021): names keep the family name, numbers and e-mail what a waybill shows, street and notes are emptied; open ones refuse the deletion.',
});

export const sampleApplicationEventsPersonalData = personalData(sampleApplicationEvents, {
  columns: [sampleApplicationEvents.actorId],
  treatment: 'anonymised',
  reason: "The applicant's own steps in the history are signed 已注销用户.",
});
