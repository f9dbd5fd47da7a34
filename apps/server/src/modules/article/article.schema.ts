import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { RegulationStatus } from '@fuliaotong/contracts';
import { enumValues, textArray } from '../../db/column-types.js';

/**
 * Whether the public sees an article: a draft never; a published one from `publish_at` on (at once
 * when it is null). A published article with a future `publish_at` is "scheduled".
 */
function publication() {
  return {
    draft: boolean('draft').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export const regulations = pgTable(
  'regulations',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    issuer: text('issuer').notNull(),
    docNumber: text('doc_number'),
    category: text('category').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }),
    status: text('status', { enum: enumValues(RegulationStatus) }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    ...publication(),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(title, issuer, doc_number)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(title, issuer, doc_number))`),
  },
  (t) => [index('regulations_issued_idx').on(t.issuedOn), index('regulations_grams_idx').using('gin', t.searchGrams)],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    cover: text('cover'),
    summary: text('summary').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    ...publication(),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(title, summary)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(title, summary))`),
  },
  (t) => [index('news_published_idx').on(t.publishedOn), index('news_grams_idx').using('gin', t.searchGrams)],
);

/** What the public sees of a table of articles: not drafts, and published ones from their time on. */
export function visibleArticle(table: typeof news | typeof regulations): SQL {
  return and(eq(table.draft, false), or(isNull(table.publishAt), lte(table.publishAt, sql`now()`)))!;
}
