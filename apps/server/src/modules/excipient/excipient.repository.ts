import { and, asc, count, desc, eq, inArray, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminExcipientQuery, AdminExcipientSummary, DocumentAccess, DocumentKind, ExcipientQuery, ExcipientSummary, Pharmacopoeia } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { excipientDocuments, excipients, excipientSafetyData, excipientSpecs } from './excipient.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../../shared/grams.js';

export type ExcipientRow = typeof excipients.$inferSelect;
export type ExcipientSpecRow = typeof excipientSpecs.$inferSelect;
export type ExcipientDocumentRow = typeof excipientDocuments.$inferSelect;
export type SafetyDataRow = typeof excipientSafetyData.$inferSelect;
export type SafetyDataValues = Pick<SafetyDataRow, 'revision' | 'revisedOn' | 'content'>;
/** The product's own columns as the products desk writes them. */
export type ExcipientValues = Omit<typeof excipients.$inferInsert, 'id' | 'searchText' | 'searchGrams' | 'createdAt' | 'updatedAt'>;
export type SpecValues = Pick<ExcipientSpecRow, 'grade' | 'packSize' | 'sampleAvailable'> & { id?: number };
export type DocumentValues = Pick<ExcipientDocumentRow, 'kind' | 'title' | 'access'> & { id?: number; fileKey?: string | null };

/** What the public sees: published products only. */
const isPublished = eq(excipients.published, true);

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
    const conditions: SQL[] = [isPublished];
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
      .where(and(eq(excipients.featured, true), isPublished))
      .orderBy(asc(excipients.featuredOrder), asc(excipients.id))
      .limit(limit);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(excipients).where(isPublished);
    return row?.n ?? 0;
  }

  /** Products per category and per dosage form. */
  async facets(): Promise<{ categories: Array<{ value: string; count: number }>; dosageForms: Array<{ value: string; count: number }> }> {
    const [categories, dosageForms] = await Promise.all([
      this.db.select({ value: excipients.category, count: count() }).from(excipients).where(isPublished).groupBy(excipients.category),
      this.db
        .select({ value: sql<string>`form`, count: sql<number>`count(*)::int` })
        .from(sql`${excipients}, jsonb_array_elements_text(${excipients.dosageForms}) AS form`)
        .where(isPublished)
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

  /** How many documents of published products have an access level, by kind. */
  async documentCounts(access: DocumentAccess): Promise<Array<{ kind: DocumentKind; count: number }>> {
    return this.db
      .select({ kind: excipientDocuments.kind, count: count() })
      .from(excipientDocuments)
      .innerJoin(excipients, eq(excipients.id, excipientDocuments.excipientId))
      .where(and(eq(excipientDocuments.access, access), isPublished))
      .groupBy(excipientDocuments.kind)
      .orderBy(asc(excipientDocuments.kind));
  }

  /** The catalogue product that carries a registration number, if any. */
  async excipientIdOf(regNo: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: excipients.id })
      .from(excipients)
      .where(and(hasElement(excipients.regNos, regNo), isPublished))
      .orderBy(asc(excipients.id))
      .limit(1);
    return row?.id ?? null;
  }

  /** All product ids (for the sitemap). */
  async allIds(): Promise<number[]> {
    const rows = await this.db.select({ id: excipients.id }).from(excipients).where(isPublished).orderBy(asc(excipients.id));
    return rows.map((r) => r.id);
  }

  /* The products desk: every product, published or not. */

  async adminList(query: AdminExcipientQuery): Promise<{ items: AdminExcipientSummary[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(excipients.searchGrams, excipients.searchText, keyword));
    if (query.state) conditions.push(eq(excipients.published, query.state === 'published'));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: excipients.id,
          nameZh: excipients.nameZh,
          nameEn: excipients.nameEn,
          cas: excipients.cas,
          category: excipients.category,
          published: excipients.published,
          featured: excipients.featured,
          featuredOrder: excipients.featuredOrder,
          sampleAvailable: excipients.sampleAvailable,
          dangerousGoods: sql<boolean>`${excipients.dangerousGoods} is not null`,
          specCount: sql<number>`(select count(*)::int from ${excipientSpecs} where ${excipientSpecs.excipientId} = ${excipients.id})`,
          documentCount: sql<number>`(select count(*)::int from ${excipientDocuments} where ${excipientDocuments.excipientId} = ${excipients.id})`,
          updatedAt: excipients.updatedAt,
        })
        .from(excipients)
        .where(where)
        .orderBy(desc(excipients.updatedAt), desc(excipients.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(excipients).where(where),
    ]);
    return { items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), totalCount: total?.n ?? 0 };
  }

  async insert(values: ExcipientValues): Promise<number> {
    const [row] = await this.db.insert(excipients).values(values).returning({ id: excipients.id });
    return row!.id;
  }

  async update(id: number, values: Partial<ExcipientValues>): Promise<void> {
    await this.db.update(excipients).set({ ...values, updatedAt: new Date() }).where(eq(excipients.id, id));
  }

  /**
   * Makes the product's specs the given list: those with an id (of this product) are updated, the
   * others inserted, the product's specs not in the list deleted (carts holding them lose them;
   * applications keep the names they were made with). Order is the list's.
   */
  async replaceSpecs(excipientId: number, specs: SpecValues[]): Promise<void> {
    const kept = specs.flatMap((spec) => (spec.id === undefined ? [] : [spec.id]));
    await this.db
      .delete(excipientSpecs)
      .where(and(eq(excipientSpecs.excipientId, excipientId), kept.length > 0 ? notInArray(excipientSpecs.id, kept) : undefined));
    for (const [sortOrder, spec] of specs.entries()) {
      const values = { grade: spec.grade, packSize: spec.packSize, sampleAvailable: spec.sampleAvailable, sortOrder };
      if (spec.id === undefined) await this.db.insert(excipientSpecs).values({ ...values, excipientId });
      else await this.db.update(excipientSpecs).set(values).where(and(eq(excipientSpecs.id, spec.id), eq(excipientSpecs.excipientId, excipientId)));
    }
  }

  /** The same for documents (a deleted document's file stays in the file store). */
  async replaceDocuments(excipientId: number, documents: DocumentValues[]): Promise<void> {
    const kept = documents.flatMap((document) => (document.id === undefined ? [] : [document.id]));
    await this.db
      .delete(excipientDocuments)
      .where(and(eq(excipientDocuments.excipientId, excipientId), kept.length > 0 ? notInArray(excipientDocuments.id, kept) : undefined));
    for (const document of documents) {
      const values = { kind: document.kind, title: document.title, access: document.access };
      if (document.id === undefined) {
        await this.db.insert(excipientDocuments).values({ ...values, excipientId, url: '', fileKey: document.fileKey ?? null });
      } else {
        await this.db
          .update(excipientDocuments)
          .set(document.fileKey ? { ...values, fileKey: document.fileKey } : values)
          .where(and(eq(excipientDocuments.id, document.id), eq(excipientDocuments.excipientId, excipientId)));
      }
    }
  }

  /** Which of these file keys some product document names. */
  async documentFilesIn(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.select({ key: excipientDocuments.fileKey }).from(excipientDocuments).where(inArray(excipientDocuments.fileKey, keys));
    return rows.flatMap((row) => (row.key ? [row.key] : []));
  }

  /* Safety data sheets (安全技术说明书). */

  async safetyData(excipientId: number): Promise<SafetyDataRow | undefined> {
    const [row] = await this.db.select().from(excipientSafetyData).where(eq(excipientSafetyData.excipientId, excipientId));
    return row;
  }

  /** Writes the product's sheet whole (one row per product). */
  async saveSafetyData(excipientId: number, values: SafetyDataValues): Promise<void> {
    const row = { ...values, updatedAt: new Date() };
    await this.db
      .insert(excipientSafetyData)
      .values({ excipientId, ...row })
      .onConflictDoUpdate({ target: excipientSafetyData.excipientId, set: row });
  }
}
