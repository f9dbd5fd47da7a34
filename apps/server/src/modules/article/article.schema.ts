import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { RegulationStatus } from '@fuliaotong/contracts';
import { enumValues, textArray } from '../../db/column-types.js';

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
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(title, summary)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(title, summary))`),
  },
  (t) => [index('news_published_idx').on(t.publishedOn), index('news_grams_idx').using('gin', t.searchGrams)],
);
