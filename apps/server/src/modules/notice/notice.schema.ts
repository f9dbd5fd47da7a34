import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { NoticeKind } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

export const noticeKind = pgEnum('notice_kind', enumValues(NoticeKind));

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: noticeKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt)],
);

export const noticesPersonalData = personalData(notices, {
  columns: [notices.userId],
  treatment: 'erased',
  reason: 'Notices are deleted, and a deleted account gets no new ones.',
});
