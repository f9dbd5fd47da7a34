import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BATCH_CONCLUSIONS, BATCH_SET_STATES } from '@fuliaotong/contracts';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { uploads } from '../files/files.schema.js';

/*
 * Batches of a product grade and their test results (docs/decisions/0073-batches-and-coa-lookup.md).
 * The COA is generated from them (dated with `tested_on`) unless the signed original was uploaded.
 */

export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    /** The grade and pack (a row of the product's specs); null: not said (batches carried over from shipments). */
    specId: integer('spec_id').references(() => excipientSpecs.id, { onDelete: 'set null' }),
    /** Unique per product, as printed on the label. */
    batchNumber: text('batch_number').notNull(),
    manufacturedOn: date('manufactured_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** With its unit (500 kg, 20 桶 × 25 kg). */
    quantity: text('quantity').notNull(),
    /** 待检 / 合格放行 / 不合格; 已过期 is a released batch past `expires_on` (derived when read). */
    status: text('status', { enum: BATCH_SET_STATES }).notNull().default('pending'),
    /** 8 characters of CHECK_CODE_ALPHABET, from crypto randomness: printed on the COA and the label. */
    checkCode: text('check_code').notNull().unique(),
    /** The day of the tests: the COA's date. */
    testedOn: date('tested_on', { mode: 'string' }),
    /** The signed original (PDF) when uploaded: the lookup delivers it instead of the generated COA. */
    coaFileKey: text('coa_file_key').references(() => uploads.name),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('batches_number_idx').on(t.excipientId, t.batchNumber), index('batches_status_idx').on(t.status, t.createdAt)],
);

/** A batch's test results, against the items of the product's standard, in order. */
export const batchResults = pgTable(
  'batch_results',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    item: text('item').notNull(),
    limit: text('limit').notNull().default(''),
    result: text('result').notNull().default(''),
    method: text('method').notNull().default(''),
    conclusion: text('conclusion', { enum: BATCH_CONCLUSIONS }),
  },
  (t) => [uniqueIndex('batch_results_position_idx').on(t.batchId, t.position)],
);
