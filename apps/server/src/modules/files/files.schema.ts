import { boolean, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Stored files (avatars today) of the database driver of the file store (docs/decisions/0020):
 * kept in the database so that every server instance can serve them. `name` is the file's key.
 * A user's row is never deleted (deleting an account anonymises it and deletes its files itself):
 * `restrict` makes sure no deletion of a user ever takes files with it unnoticed.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /**
   * A person's own file (an avatar): deleted with the account. The company's files that a member of
   * the staff uploaded (a batch's COA) are not: they stay, naming the uploader.
   */
  personal: boolean('personal').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const uploadsPersonalData = personalData(uploads, {
  columns: [uploads.ownerId],
  treatment: 'kept',
  reason:
    'The personal files (avatar, the slips of orders never paid, the files of rejected invoice requests) are deleted. The files of issued invoices and the bank slips of paid orders are accounting records kept as 《会计档案管理办法》 requires, and the company files a member of the staff uploaded stay; they name the anonymised account.',
});
