import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { AccessLevel, DatabaseCode, Pharmacopoeia, STANDARD_STATUSES } from '@fuliaotong/contracts';
import { enumValues, textArray } from '../../db/column-types.js';

export const accessLevel = pgEnum('access_level', enumValues(AccessLevel));

export const databases = pgTable('databases', {
  code: text('code', { enum: enumValues(DatabaseCode) }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  access: accessLevel('access').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const standards = pgTable(
  'standards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    pharmacopoeia: text('pharmacopoeia', { enum: enumValues(Pharmacopoeia) }).notNull(),
    edition: text('edition').notNull(),
    status: text('status', { enum: STANDARD_STATUSES }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }),
    /** 检验项目 and 修订说明: the 会员可见 fields (DATABASE_FIELDS.standard.member). */
    testItems: textArray('test_items').notNull().default(sql`'{}'::text[]`),
    revisionNote: text('revision_note').notNull().default(''),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(name, name_en))`),
  },
  (t) => [index('standards_grams_idx').using('gin', t.searchGrams)],
);

export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    ingredient: text('ingredient').notNull(),
    route: text('route').notNull(),
    dosageForm: text('dosage_form').notNull(),
    maxAmount: text('max_amount').notNull(),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(ingredient))`),
  },
  (t) => [index('usage_records_grams_idx').using('gin', t.searchGrams)],
);
