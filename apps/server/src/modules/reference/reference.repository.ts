import { and, asc, count, eq, max, sql, type SQL } from 'drizzle-orm';
import type { AdminStandard, DatabaseCode, DatabaseRecordQuery } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { tableSize } from '../../db/table-size.js';
import { registrations } from '../registration/registration.schema.js';
import { databases, standards, usageRecords } from './reference.schema.js';
import { containsCondition, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../../shared/grams.js';

export type DatabaseRow = typeof databases.$inferSelect;
export type UsageRow = Omit<typeof usageRecords.$inferSelect, 'searchGrams'>;
/** A standard with every field, the 会员可见 ones included (the service leaves them out for others). */
export type StandardRow = AdminStandard;

/** What every reader of the standards database sees. */
const openStandardColumns = {
  id: standards.id,
  name: standards.name,
  nameEn: standards.nameEn,
  pharmacopoeia: standards.pharmacopoeia,
  edition: standards.edition,
  status: standards.status,
  effectiveOn: standards.effectiveOn,
};

const standardColumns = {
  ...openStandardColumns,
  testItems: standards.testItems,
  revisionNote: standards.revisionNote,
};

/** A standard as a reader without the database's membership sees it: its test items and revision note stay unread. */
export type OpenStandardRow = Omit<StandardRow, 'testItems' | 'revisionNote'>;

const usageColumns = {
  id: usageRecords.id,
  ingredient: usageRecords.ingredient,
  route: usageRecords.route,
  dosageForm: usageRecords.dosageForm,
  maxAmount: usageRecords.maxAmount,
};

/** The databases of /database and the records of the standards and usage databases. */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  async databases(): Promise<DatabaseRow[]> {
    return this.db.select().from(databases).orderBy(asc(databases.sortOrder), asc(databases.code));
  }

  async database(code: DatabaseCode): Promise<DatabaseRow | undefined> {
    const [row] = await this.db.select().from(databases).where(eq(databases.code, code));
    return row;
  }

  /** How many records a database holds and the date of its newest one. */
  async stats(code: DatabaseCode): Promise<{ recordCount: number; updatedOn: string | null }> {
    switch (code) {
      case 'registration': {
        const [[newest], recordCount] = await Promise.all([
          this.db.select({ on: max(registrations.updatedOn) }).from(registrations),
          tableSize(this.db, 'registrations'),
        ]);
        return { recordCount, updatedOn: newest?.on ?? null };
      }
      case 'standard': {
        const [row] = await this.db.select({ n: count(), on: max(standards.effectiveOn) }).from(standards);
        return { recordCount: row?.n ?? 0, updatedOn: row?.on ?? null };
      }
      case 'usage': {
        const [row] = await this.db.select({ n: count() }).from(usageRecords);
        return { recordCount: row?.n ?? 0, updatedOn: null };
      }
    }
  }

  async standards(query: DatabaseRecordQuery): Promise<{ items: StandardRow[]; totalCount: number }>;
  async standards(query: DatabaseRecordQuery, fields: 'all' | 'open'): Promise<{ items: Array<StandardRow | OpenStandardRow>; totalCount: number }>;
  async standards(query: DatabaseRecordQuery, fields: 'all' | 'open' = 'all'): Promise<{ items: Array<StandardRow | OpenStandardRow>; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) {
      conditions.push(containsCondition(standards.searchGrams, sql`fl_search_text(${standards.name}, ${standards.nameEn})`, keyword));
    }
    if (query.pharmacopoeia) conditions.push(eq(standards.pharmacopoeia, query.pharmacopoeia));
    if (query.status) conditions.push(eq(standards.status, query.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const order = [
      ...(keyword ? nameRank(standards.name, keyword) : []),
      sql`${standards.effectiveOn} DESC NULLS LAST`,
      asc(standards.id),
    ];
    const [items, [total]] = await Promise.all([
      this.db
        .select(fields === 'all' ? standardColumns : openStandardColumns)
        .from(standards)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(standards).where(where),
    ]);
    return { items, totalCount: total?.n ?? 0 };
  }

  async standard(id: number): Promise<StandardRow | undefined> {
    const [row] = await this.db.select(standardColumns).from(standards).where(eq(standards.id, id));
    return row;
  }

  async usages(query: DatabaseRecordQuery): Promise<{ items: UsageRow[]; totalCount: number }> {
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const conditions: SQL[] = [];
    if (keyword) conditions.push(containsCondition(usageRecords.searchGrams, sql`fl_search_text(${usageRecords.ingredient})`, keyword));
    if (query.route) conditions.push(eq(usageRecords.route, query.route));
    if (query.dosageForm) conditions.push(eq(usageRecords.dosageForm, query.dosageForm));
    const where = conditions.length ? and(...conditions) : undefined;
    const order = [
      ...(keyword ? nameRank(usageRecords.ingredient, keyword) : []),
      asc(usageRecords.ingredient),
      asc(usageRecords.route),
      asc(usageRecords.dosageForm),
      asc(usageRecords.id),
    ];
    const [items, [total]] = await Promise.all([
      this.db
        .select(usageColumns)
        .from(usageRecords)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(usageRecords).where(where),
    ]);
    return { items, totalCount: total?.n ?? 0 };
  }

  async usage(id: number): Promise<UsageRow | undefined> {
    const [row] = await this.db.select(usageColumns).from(usageRecords).where(eq(usageRecords.id, id));
    return row;
  }

  /* The databases desk writes rows one by one, or many in one import. */

  async insertStandard(values: StandardValues): Promise<StandardRow> {
    const [row] = await this.db.insert(standards).values(values).returning(standardColumns);
    return row!;
  }

  async updateStandard(id: number, values: StandardValues): Promise<StandardRow | undefined> {
    const [row] = await this.db.update(standards).set(values).where(eq(standards.id, id)).returning(standardColumns);
    return row;
  }

  async deleteStandard(id: number): Promise<StandardRow | undefined> {
    const [row] = await this.db.delete(standards).where(eq(standards.id, id)).returning(standardColumns);
    return row;
  }

  async insertUsage(values: UsageValues): Promise<UsageRow> {
    const [row] = await this.db.insert(usageRecords).values(values).returning(usageColumns);
    return row!;
  }

  async updateUsage(id: number, values: UsageValues): Promise<UsageRow | undefined> {
    const [row] = await this.db.update(usageRecords).set(values).where(eq(usageRecords.id, id)).returning(usageColumns);
    return row;
  }

  async deleteUsage(id: number): Promise<UsageRow | undefined> {
    const [row] = await this.db.delete(usageRecords).where(eq(usageRecords.id, id)).returning(usageColumns);
    return row;
  }

  /** Every standard's id by its natural key (name, pharmacopoeia, edition), for an import to find. */
  async standardKeys(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: standards.id, name: standards.name, pharmacopoeia: standards.pharmacopoeia, edition: standards.edition })
      .from(standards);
    return new Map(rows.map((r) => [standardKey(r), r.id]));
  }

  /** Every usage row's id by its natural key (ingredient, route, dosage form). */
  async usageKeys(): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: usageRecords.id, ingredient: usageRecords.ingredient, route: usageRecords.route, dosageForm: usageRecords.dosageForm })
      .from(usageRecords);
    return new Map(rows.map((r) => [usageKey(r), r.id]));
  }
}

export type StandardValues = Omit<StandardRow, 'id'>;
export type UsageValues = Omit<UsageRow, 'id'>;

/** A standard names one monograph of one edition of one pharmacopoeia. */
export const standardKey = (r: { name: string; pharmacopoeia: string; edition: string }) => [r.name, r.pharmacopoeia, r.edition].join('\u0000');
/** A usage row names one excipient by one route in one dosage form. */
export const usageKey = (r: { ingredient: string; route: string; dosageForm: string }) => [r.ingredient, r.route, r.dosageForm].join('\u0000');
