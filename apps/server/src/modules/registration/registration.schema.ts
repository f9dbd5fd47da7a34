import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { RegistrationType, ReviewStatus } from '@fuliaotong/contracts';
import { enumValues, textArray } from '../../db/column-types.js';

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    regNo: text('reg_no').notNull().unique(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    companyAddress: text('company_address').notNull().default(''),
    province: text('province').notNull(),
    source: text('source').notNull(),
    spec: text('spec').notNull().default(''),
    packageSpec: text('package_spec').notNull().default(''),
    type: text('type', { enum: enumValues(RegistrationType) }).notNull(),
    reviewStatus: text('review_status', { enum: enumValues(ReviewStatus) }).notNull(),
    updatedOn: date('updated_on', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(reg_no, name, company)`),
    // The grams of the text, and the terms of the name and filters (fl_registration_terms; registration-terms.ts).
    searchGrams: textArray('search_grams').generatedAlwaysAs(
      sql`fl_grams(fl_search_text(reg_no, name, company)) || fl_registration_terms(name, province, review_status, type)`,
    ),
  },
  (t) => [
    index('registrations_updated_idx').on(t.updatedOn, t.id),
    index('registrations_type_status_idx').on(t.type, t.reviewStatus, t.updatedOn),
    // Product watches name records by their product name.
    index('registrations_name_idx').on(t.name),
    index('registrations_province_idx').on(t.province, t.updatedOn),
    index('registrations_company_grams_idx').using('gin', sql`fl_grams(lower(company))`),
    index('registrations_grams_idx').using('gin', t.searchGrams),
  ],
);
