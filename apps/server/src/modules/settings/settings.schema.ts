import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Settings the staff can change at run time (limits, contact details ...), one JSON value per key. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
