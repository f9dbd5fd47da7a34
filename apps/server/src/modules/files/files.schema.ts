import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Stored files (avatars today) of the database driver of the file store (docs/decisions/0020):
 * kept in the database so that every server instance can serve them. `name` is the file's key.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
