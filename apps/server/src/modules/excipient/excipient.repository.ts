import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ExcipientQuery, ExcipientSummary, Pharmacopoeia } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { excipientDocuments, excipients, excipientSpecs } from './excipient.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../search/grams.js';

export type ExcipientRow = typeof excipients.$inferSelect;
export type ExcipientSpecRow = typeof excipientSpecs.$inferSelect;
export type ExcipientDocumentRow = typeof excipientDocuments.$inferSelect;

export const excipientSummaryColumns = {
  id: excipients.id,
  nameZh: excipients.nameZh,
  nameEn: excipients.nameEn,
  cas: excipients.cas,
  category: excipients.category,
  dosageForms: excipients.dosageForms,
  pharmacopoeias: sql<Pharmacopoeia[]>`${excipients.pharmacopoeias}`,
  sampleAvailable: excipients.sampleAvailable,
  summary: excipients.summary,
};

/** `jsonb` array column contains `value`. */
const hasElement = (column: AnyColumn, value: string) =>
  sql`${column} @> ${JSON.stringify([value])}::jsonb`;

/** The supplier's catalogue (辅料产品). */
export class ExcipientRepository {
  constructor(private readonly db: Db) {}

  async list(query: ExcipientQuery): Promise<{ items: ExcipientSummary[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(excipients.searchGrams, excipients.searchText, keyword));
    if (query.category) conditions.push(eq(excipients.category, query.category));
    if (query.dosageForm) conditions.push(hasElement(excipients.dosageForms, query.dosageForm));
    if (query.pharmacopoeia) conditions.push(hasElement(excipients.pharmacopoeias, query.pharmacopoeia));
    if (query.sampleAvailable) conditions.push(eq(excipients.sampleAvailable, query.sampleAvailable === 'true'));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const order = keyword
      ? [...nameRank(excipients.nameZh, keyword), ...nameRank(excipients.nameEn, keyword), asc(excipients.id)]
      : [desc(excipients.featured), asc(excipients.id)];
    const [items, [total]] = await Promise.all([
      this.db
        .select(excipientSummaryColumns)
        .from(excipients)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(excipients).where(where),
    ]);
    return { items, totalCount: total?.n ?? 0 };
  }

  async featured(limit: number): Promise<ExcipientSummary[]> {
    return this.db
      .select(excipientSummaryColumns)
      .from(excipients)
      .where(eq(excipients.featured, true))
      .orderBy(asc(excipients.id))
      .limit(limit);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(excipients);
    return row?.n ?? 0;
  }

  /** Products per category and per dosage form. */
  async facets(): Promise<{ categories: Array<{ value: string; count: number }>; dosageForms: Array<{ value: string; count: number }> }> {
    const [categories, dosageForms] = await Promise.all([
      this.db.select({ value: excipients.category, count: count() }).from(excipients).groupBy(excipients.category),
      this.db
        .select({ value: sql<string>`form`, count: sql<number>`count(*)::int` })
        .from(sql`${excipients}, jsonb_array_elements_text(${excipients.dosageForms}) AS form`)
        .groupBy(sql`form`),
    ]);
    return { categories, dosageForms };
  }

  async find(id: number): Promise<ExcipientRow | undefined> {
    const [row] = await this.db.select().from(excipients).where(eq(excipients.id, id));
    return row;
  }

  async specs(excipientId: number): Promise<ExcipientSpecRow[]> {
    return this.db
      .select()
      .from(excipientSpecs)
      .where(eq(excipientSpecs.excipientId, excipientId))
      .orderBy(asc(excipientSpecs.sortOrder), asc(excipientSpecs.id));
  }

  async documents(excipientId: number): Promise<ExcipientDocumentRow[]> {
    return this.db
      .select()
      .from(excipientDocuments)
      .where(eq(excipientDocuments.excipientId, excipientId))
      .orderBy(asc(excipientDocuments.id));
  }

  /** The catalogue product that carries a registration number, if any. */
  async excipientIdOf(regNo: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: excipients.id })
      .from(excipients)
      .where(hasElement(excipients.regNos, regNo))
      .orderBy(asc(excipients.id))
      .limit(1);
    return row?.id ?? null;
  }

  /** All product ids (for the sitemap). */
  async allIds(): Promise<number[]> {
    const rows = await this.db.select({ id: excipients.id }).from(excipients).orderBy(asc(excipients.id));
    return rows.map((r) => r.id);
  }
}
