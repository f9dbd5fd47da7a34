import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';
import { uploads } from '../files/files.schema.js';
import { personalData } from '../../db/personal-data.js';

/**
 * A file of CDE registration records a member of the staff uploaded on the imports desk: previewed
 * first, then committed once (`committed_at`, with the report). The file stays, so that what was
 * imported can be looked at again.
 */
export const registrationImports = pgTable('registration_imports', {
  id: serial('id').primaryKey(),
  fileKey: text('file_key')
    .notNull()
    .references(() => uploads.name, { onDelete: 'restrict' }),
  filename: text('filename').notNull(),
  format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  committedAt: timestamp('committed_at', { withTimezone: true }),
  report: jsonb('report'),
});

export const registrationImportsPersonalData = personalData(registrationImports, {
  columns: [registrationImports.uploadedBy],
  treatment: 'anonymised',
  reason: "The staff's record of an import stays, naming the anonymised account of the member of the staff who uploaded it.",
});
