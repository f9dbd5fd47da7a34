import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchStateName } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { escapeLike } from '../../shared/grams.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { standards } from '../reference/reference.schema.js';
import { batches, batchResults } from './batch.schema.js';

export type BatchRow = typeof batches.$inferSelect;
export type BatchValues = Omit<typeof batches.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type BatchChanges = Partial<Omit<BatchRow, 'id' | 'excipientId' | 'createdAt' | 'updatedAt'>>;
export type BatchResultRow = typeof batchResults.$inferSelect;
export type BatchResultValues = Omit<typeof batchResults.$inferInsert, 'id' | 'batchId' | 'position'>;

/** A batch with the state people see (已过期 when released and past its expiry day), its product's name and its grade. */
export type BatchListRow = Omit<BatchRow, 'status'> & {
  status: BatchStateName;
  storedStatus: BatchRow['status'];
  productName: string;
  grade: string | null;
  packSize: string | null;
};

export interface BatchFilter {
  excipientId?: number;
  status?: BatchStateName;
  batchNumber?: string;
}

/** Batches and their results. Reads products, their specs and the pharmacopoeia standards. */
export class BatchRepository {
  constructor(private readonly db: Db) {}

  /** The state shown: a released batch whose expiry day is before `today` (Beijing) is 已过期. */
  private static shown(today: string): SQL<BatchStateName> {
    return sql<BatchStateName>`case when ${batches.status} = 'released' and ${batches.expiresOn} < ${today}::date then 'expired' else ${batches.status} end`;
  }

  private listed(today: string) {
    return this.db
      .select({ batch: batches, status: BatchRepository.shown(today), productName: excipients.nameZh, grade: excipientSpecs.grade, packSize: excipientSpecs.packSize })
      .from(batches)
      .innerJoin(excipients, eq(excipients.id, batches.excipientId))
      .leftJoin(excipientSpecs, eq(excipientSpecs.id, batches.specId));
  }

  private static row(row: { batch: BatchRow; status: BatchStateName; productName: string; grade: string | null; packSize: string | null }): BatchListRow {
    return { ...row.batch, status: row.status, storedStatus: row.batch.status, productName: row.productName, grade: row.grade, packSize: row.packSize };
  }

  async page(filter: BatchFilter, today: string, limit: number, offset: number): Promise<{ rows: BatchListRow[]; totalCount: number }> {
    const where = and(
      ...(filter.excipientId !== undefined ? [eq(batches.excipientId, filter.excipientId)] : []),
      ...(filter.batchNumber ? [ilike(batches.batchNumber, `%${escapeLike(filter.batchNumber)}%`)] : []),
      ...(filter.status ? [sql`${BatchRepository.shown(today)} = ${filter.status}`] : []),
    );
    const [rows, [total]] = await Promise.all([
      this.listed(today).where(where).orderBy(desc(batches.createdAt), desc(batches.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(batches).where(where),
    ]);
    return { rows: rows.map((row) => BatchRepository.row(row)), totalCount: total?.n ?? 0 };
  }

  /** One batch; `lock` holds it for the caller's transaction. */
  async find(id: number, today: string, lock = false): Promise<BatchListRow | undefined> {
    const query = this.listed(today).where(eq(batches.id, id));
    const [row] = lock ? await query.for('update', { of: batches }) : await query;
    return row ? BatchRepository.row(row) : undefined;
  }

  /** The batch of a product by its number (exact, as printed). */
  async findByNumber(excipientId: number, batchNumber: string, today: string): Promise<BatchListRow | undefined> {
    const [row] = await this.listed(today).where(and(eq(batches.excipientId, excipientId), eq(batches.batchNumber, batchNumber)));
    return row ? BatchRepository.row(row) : undefined;
  }

  async numberTaken(excipientId: number, batchNumber: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.excipientId, excipientId), eq(batches.batchNumber, batchNumber)));
    return row !== undefined && row.id !== exceptId;
  }

  async checkCodeTaken(code: string): Promise<boolean> {
    const [row] = await this.db.select({ id: batches.id }).from(batches).where(eq(batches.checkCode, code));
    return row !== undefined;
  }

  async insert(values: BatchValues, now: Date): Promise<BatchRow> {
    const [row] = await this.db.insert(batches).values({ ...values, createdAt: now, updatedAt: now }).returning();
    return row!;
  }

  async update(id: number, changes: BatchChanges, now: Date): Promise<void> {
    await this.db.update(batches).set({ ...changes, updatedAt: now }).where(eq(batches.id, id));
  }

  async results(batchIds: readonly number[]): Promise<BatchResultRow[]> {
    if (batchIds.length === 0) return [];
    return this.db.select().from(batchResults).where(inArray(batchResults.batchId, [...batchIds])).orderBy(asc(batchResults.batchId), asc(batchResults.position));
  }

  /** Replaces a batch's results with these, in order. */
  async replaceResults(batchId: number, results: readonly BatchResultValues[]): Promise<void> {
    await this.db.delete(batchResults).where(eq(batchResults.batchId, batchId));
    if (results.length > 0) await this.db.insert(batchResults).values(results.map((result, i) => ({ ...result, batchId, position: i + 1 })));
  }

  // ——— what batches read of other modules ———

  async product(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db.select({ id: excipients.id, name: excipients.nameZh }).from(excipients).where(eq(excipients.id, id));
    return row;
  }

  /** Products by their Chinese names (an import names them so). */
  async productsNamed(names: readonly string[]): Promise<Array<{ id: number; name: string }>> {
    if (names.length === 0) return [];
    return this.db.select({ id: excipients.id, name: excipients.nameZh }).from(excipients).where(inArray(excipients.nameZh, [...names]));
  }

  async specsOf(excipientIds: readonly number[]): Promise<Array<{ id: number; excipientId: number; grade: string; packSize: string }>> {
    if (excipientIds.length === 0) return [];
    return this.db
      .select({ id: excipientSpecs.id, excipientId: excipientSpecs.excipientId, grade: excipientSpecs.grade, packSize: excipientSpecs.packSize })
      .from(excipientSpecs)
      .where(inArray(excipientSpecs.excipientId, [...excipientIds]))
      .orderBy(asc(excipientSpecs.sortOrder), asc(excipientSpecs.id));
  }

  /**
   * The test items of the product's pharmacopoeia standard (the monograph of the same name): the
   * current 中国药典 edition first, then another current one, then the newest of any status.
   */
  async standardItems(productName: string): Promise<string[]> {
    const [row] = await this.db
      .select({ testItems: standards.testItems })
      .from(standards)
      .where(eq(standards.name, productName))
      .orderBy(
        sql`case when ${standards.status} = '现行' then 0 else 1 end`,
        sql`case when ${standards.pharmacopoeia} = 'ChP' then 0 else 1 end`,
        desc(standards.effectiveOn),
        asc(standards.id),
      )
      .limit(1);
    return row?.testItems ?? [];
  }

  /** Products with at least one released batch (expired ones included: their COAs stay findable). */
  async productsWithReleased(): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .selectDistinct({ id: excipients.id, name: excipients.nameZh })
      .from(batches)
      .innerJoin(excipients, eq(excipients.id, batches.excipientId))
      .where(and(eq(batches.status, 'released'), eq(excipients.published, true)))
      .orderBy(asc(excipients.nameZh), asc(excipients.id));
  }

  /** Of these products, those that have batches recorded at all. */
  async productsWithBatches(excipientIds: readonly number[]): Promise<number[]> {
    if (excipientIds.length === 0) return [];
    const rows = await this.db.selectDistinct({ id: batches.excipientId }).from(batches).where(inArray(batches.excipientId, [...excipientIds]));
    return rows.map((row) => row.id);
  }

  /** The batches of these products with these numbers. */
  async byNumbers(pairs: ReadonlyArray<{ excipientId: number; batchNumber: string }>): Promise<Array<{ id: number; excipientId: number; batchNumber: string }>> {
    if (pairs.length === 0) return [];
    const ids = [...new Set(pairs.map((pair) => pair.excipientId))];
    const numbers = [...new Set(pairs.map((pair) => pair.batchNumber))];
    return this.db
      .select({ id: batches.id, excipientId: batches.excipientId, batchNumber: batches.batchNumber })
      .from(batches)
      .where(and(inArray(batches.excipientId, ids), inArray(batches.batchNumber, numbers)));
  }
}
