import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { FormDicCode } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';

/** Option lists of the application form (purpose, dosage form, stage, company type), managed as data. */
export const formDictionary = pgTable(
  'form_dictionary',
  {
    id: serial('id').primaryKey(),
    groupCode: text('group_code', { enum: enumValues(FormDicCode) }).notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('form_dictionary_group_value_idx').on(t.groupCode, t.value)],
);
