import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { RegistrationWatchScope } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

/**
 * What users watch: one record by its registration number (登记号 — it names the record across
 * imports), or a product by its name (品种名称: every record of it, new ones included).
 */
export const registrationWatches = pgTable(
  'registration_watches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: enumValues(RegistrationWatchScope) }).notNull(),
    /** The registration number (scope `registration`) or the product name (scope `product`). */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registration_watches_unique_idx').on(t.userId, t.scope, t.key),
    index('registration_watches_key_idx').on(t.scope, t.key),
  ],
);

export const registrationWatchesPersonalData = personalData(registrationWatches, {
  columns: [registrationWatches.userId],
  treatment: 'erased',
  reason: 'Watches go with the account.',
});
