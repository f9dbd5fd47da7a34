import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What visitors search for, for the staff dashboard's most searched keywords: the normalised keyword,
 * when, and how many results it found. Nothing about who searched (no user, no address); keywords
 * that look like a phone number or an e-mail address are not kept.
 */
export const searchLog = pgTable(
  'search_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyword: text('keyword').notNull(),
    resultCount: integer('result_count').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_log_searched_at_idx').on(t.searchedAt)],
);
