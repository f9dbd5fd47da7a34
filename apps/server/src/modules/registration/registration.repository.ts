import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { RegistrationQuery, RegistrationSummary } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { registrations } from '../../db/schema.js';
import { containsPattern, gramsOf, keywordCondition, normalizeKeyword } from '../search/grams.js';

/** Counting stops here: beyond it the list says "10,000+" and pages past it are not offered. */
export const REGISTRATION_COUNT_CAP = 10_000;

export type RegistrationRow = typeof registrations.$inferSelect;

export const registrationSummaryColumns = {
  id: registrations.id,
  regNo: registrations.regNo,
  name: registrations.name,
  company: registrations.company,
  province: registrations.province,
  type: registrations.type,
  reviewStatus: registrations.reviewStatus,
  updatedOn: registrations.updatedOn,
};

function companyCondition(company: string): SQL | undefined {
  const normalized = normalizeKeyword(company);
  const grams = gramsOf(normalized);
  if (grams.length === 0) return undefined;
  const array = sql`ARRAY[${sql.join(
    grams.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  // Uses the expression index registrations_company_grams_idx.
  return sql`(fl_grams(lower(${registrations.company})) @> ${array} AND lower(${registrations.company}) LIKE ${containsPattern(normalized)})`;
}

export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  /** One page of records matching the filters, and how many match (counted up to the cap). */
  async search(query: RegistrationQuery): Promise<{ items: RegistrationSummary[]; totalCount: number }> {
    const conditions = [
      query.keyword ? keywordCondition(registrations.searchGrams, registrations.searchText, query.keyword) : undefined,
      query.type ? eq(registrations.type, query.type) : undefined,
      query.status ? eq(registrations.reviewStatus, query.status) : undefined,
      query.province ? eq(registrations.province, query.province) : undefined,
      query.company ? companyCondition(query.company) : undefined,
      query.updatedFrom ? gte(registrations.updatedOn, query.updatedFrom) : undefined,
      query.updatedTo ? lte(registrations.updatedOn, query.updatedTo) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    const where = conditions.length ? and(...conditions) : undefined;

    const keyword = query.keyword ? normalizeKeyword(query.keyword) : '';
    const order: SQL[] = [];
    if (query.sort === 'relevance' && keyword) {
      // Exact name first, then names that start with the keyword, then the newest.
      order.push(sql`(lower(${registrations.name}) = ${keyword}) DESC`);
      order.push(sql`(lower(${registrations.name}) LIKE ${`${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) DESC`);
    }
    switch (query.sort) {
      case 'updated_asc':
        order.push(asc(registrations.updatedOn), asc(registrations.id));
        break;
      case 'regno_asc':
        order.push(asc(registrations.regNo));
        break;
      case 'regno_desc':
        order.push(desc(registrations.regNo));
        break;
      default:
        order.push(desc(registrations.updatedOn), desc(registrations.id));
    }

    const offset = (query.page - 1) * query.pageSize;
    const [items, counted] = await Promise.all([
      offset >= REGISTRATION_COUNT_CAP
        ? Promise.resolve([])
        : this.db
            .select(registrationSummaryColumns)
            .from(registrations)
            .where(where)
            .orderBy(...order)
            .limit(query.pageSize)
            .offset(offset),
      selectRows<{ n: number }>(
        this.db,
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${registrations} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${REGISTRATION_COUNT_CAP}) AS capped`,
      ),
    ]);
    return { items, totalCount: Number(counted[0]?.n ?? 0) };
  }

  async find(id: number): Promise<RegistrationRow | undefined> {
    const [row] = await this.db.select().from(registrations).where(eq(registrations.id, id));
    return row;
  }

  /** Records by registration number (for the catalogue's links). */
  async byRegNos(regNos: string[]): Promise<Array<{ id: number; regNo: string; reviewStatus: 'A' | 'I' }>> {
    if (regNos.length === 0) return [];
    return this.db
      .select({ id: registrations.id, regNo: registrations.regNo, reviewStatus: registrations.reviewStatus })
      .from(registrations)
      .where(sql`${registrations.regNo} IN (${sql.join(regNos.map((n) => sql`${n}`), sql`, `)})`);
  }
}
