import { boolean, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { personalData } from '../../db/personal-data.js';

/** The limits of the cart live in app_setting ('sample.limits'). */
export const sampleCartItems = pgTable(
  'sample_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    specId: integer('spec_id')
      .notNull()
      .references(() => excipientSpecs.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    checked: boolean('checked').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per product option: adding it again raises the quantity.
  (t) => [uniqueIndex('sample_cart_items_user_spec_idx').on(t.userId, t.specId)],
);

export const sampleCartItemsPersonalData = personalData(sampleCartItems, {
  columns: [sampleCartItems.userId],
  treatment: 'erased',
  reason: 'The sample cart goes with the account.',
});
