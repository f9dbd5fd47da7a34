import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DocumentAccess, DocumentKind, type SafetyDataBody } from '@fuliaotong/contracts';
import { enumValues, textArray } from '../../db/column-types.js';
import { uploads } from '../files/files.schema.js';

export const excipients = pgTable(
  'excipients',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    synonyms: jsonb('synonyms').$type<string[]>().notNull().default([]),
    cas: text('cas'),
    category: text('category').notNull(),
    dosageForms: jsonb('dosage_forms').$type<string[]>().notNull().default([]),
    pharmacopoeias: jsonb('pharmacopoeias').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    /** CDE registration numbers of this product, e.g. ["F20190000123"]. */
    regNos: jsonb('reg_nos').$type<string[]>().notNull().default([]),
    sampleAvailable: boolean('sample_available').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    /** The order of recommended products on /home (smaller first). */
    featuredOrder: integer('featured_order').notNull().default(0),
    /** false: taken off the site (lists, search, home, its page answers 404), kept for the staff. */
    published: boolean('published').notNull().default(true),
    /**
     * A dangerous chemical's (危险化学品) transport terms: UN number, class, packing group (GB 12268),
     * e.g. "UN1170，第 3 类易燃液体，II 类包装"; null for other goods. Quotes of the product start from it.
     */
    dangerousGoods: text('dangerous_goods'),
    searchText: text('search_text').generatedAlwaysAs(sql`fl_search_text(name_zh, name_en, cas, category, synonyms::text)`),
    searchGrams: textArray('search_grams').generatedAlwaysAs(sql`fl_grams(fl_search_text(name_zh, name_en, cas, category, synonyms::text))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('excipients_category_idx').on(t.category), index('excipients_grams_idx').using('gin', t.searchGrams)],
);

export const excipientSpecs = pgTable(
  'excipient_specs',
  {
    id: serial('id').primaryKey(),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    grade: text('grade').notNull(),
    packSize: text('pack_size').notNull(),
    sampleAvailable: boolean('sample_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('excipient_specs_excipient_idx').on(t.excipientId)],
);

export const excipientDocuments = pgTable(
  'excipient_documents',
  {
    id: serial('id').primaryKey(),
    excipientId: integer('excipient_id')
      .notNull()
      .references(() => excipients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: enumValues(DocumentKind) }).notNull(),
    title: text('title').notNull(),
    access: text('access', { enum: enumValues(DocumentAccess) }).notNull(),
    /** Where the file is served from (a site path); empty: the document's own download address. */
    url: text('url').notNull(),
    /** The uploaded PDF (file store key); null for a data sheet the site writes from the catalogue. */
    fileKey: text('file_key').references(() => uploads.name, { onDelete: 'restrict' }),
  },
  (t) => [index('excipient_documents_excipient_idx').on(t.excipientId)],
);

/** What a safety data sheet keeps besides its revision: the structured parts and the sections' texts. */
export type SafetyDataContent = Omit<SafetyDataBody, 'revision' | 'revisedOn'>;

/**
 * A product's safety data sheet (安全技术说明书), one per product, as the products desk writes it: the
 * SDS document of the product is printed from it, dated with its revision. No row: none published yet.
 */
export const excipientSafetyData = pgTable('excipient_safety_data', {
  excipientId: integer('excipient_id')
    .primaryKey()
    .references(() => excipients.id, { onDelete: 'cascade' }),
  revision: text('revision').notNull(),
  revisedOn: date('revised_on', { mode: 'string' }).notNull(),
  content: jsonb('content').$type<SafetyDataContent>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
