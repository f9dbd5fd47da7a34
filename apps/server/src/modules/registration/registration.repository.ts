import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { RegistrationQuery, RegistrationSummary } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { registrations } from '../../db/schema.js';
import { containsCondition, nameRank, normaliseKeyword } from '../search/grams.js';

/** Counting stops here: beyond it a list says "10,000+" (see RegistrationPage's description). */
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

/** The condition of a registration query (keyword and filters). */
function whereOf(query: RegistrationQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
  if (keyword) conditions.push(containsCondition(registrations.searchGrams, registrations.searchText, keyword));
  const company = query.company ? normaliseKeyword(query.company) : '';
  // Matches the expression index registrations_company_grams_idx on fl_grams(lower(company)).
  if (company) conditions.push(containsCondition(sql`fl_grams(lower(${registrations.company}))`, sql`lower(${registrations.company})`, company));
  if (query.type) conditions.push(eq(registrations.type, query.type));
  if (query.status) conditions.push(eq(registrations.reviewStatus, query.status));
  if (query.province) conditions.push(eq(registrations.province, query.province));
  if (query.updatedFrom) conditions.push(gte(registrations.updatedOn, query.updatedFrom));
  if (query.updatedTo) conditions.push(lte(registrations.updatedOn, query.updatedTo));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderOf(query: RegistrationQuery): SQL[] {
  const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
  switch (query.sort) {
    case 'updated_asc':
      return [asc(registrations.updatedOn), asc(registrations.id)];
    case 'regno_asc':
      return [asc(registrations.regNo)];
    case 'regno_desc':
      return [desc(registrations.regNo)];
    case 'relevance':
      if (keyword) {
        // Exact names first, then names that start with the keyword, then the newest.
        return [...nameRank(registrations.name, keyword), desc(registrations.updatedOn),
          desc(registrations.id),
        ];
      }
      return [desc(registrations.updatedOn), desc(registrations.id)];
    case 'updated_desc':
    default:
      return [desc(registrations.updatedOn), desc(registrations.id)];
  }
}

/** CDE registration records (原辅包登记信息): the only place that reads the table. */
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of records matching the query, and how many match (counted up to
   * REGISTRATION_COUNT_CAP: a larger result answers the cap).
   */
  async search(query: RegistrationQuery): Promise<{ items: RegistrationSummary[]; totalCount: number }> {
    const offset = (query.page - 1) * query.pageSize;
    const [items, totalCount] = await Promise.all([
      // Pages past the counting cap are not offered (a deep OFFSET would read every row before it).
      offset >= REGISTRATION_COUNT_CAP ? Promise.resolve([]) : this.pageStatement(query),
      this.countStatement(query),
    ]);
    return { items, totalCount: totalCount[0]?.n ?? 0 };
  }

  /** The statement of one page of `search` (not yet run: tests explain it). */
  pageStatement(query: RegistrationQuery) {
    return this.db
      .select(registrationSummaryColumns)
      .from(registrations)
      .where(whereOf(query))
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }

  /** The statement that counts the matches of `search`, up to `cap` (not yet run: tests explain it). */
  countStatement(query: RegistrationQuery, cap = REGISTRATION_COUNT_CAP) {
    const capped = this.db.select({ one: sql`1` }).from(registrations).where(whereOf(query)).limit(cap).as('capped');
    return this.db.select({ n: count() }).from(capped);
  }

  async find(id: number): Promise<RegistrationRow | undefined> {
    const [row] = await this.db.select().from(registrations).where(eq(registrations.id, id));
    return row;
  }

  /** Records by registration number (the catalogue links its products' numbers to them). */
  async byRegNos(regNos: string[]): Promise<Array<{ id: number; regNo: string; reviewStatus: 'A' | 'I' }>> {
    if (regNos.length === 0) return [];
    return this.db
      .select({ id: registrations.id, regNo: registrations.regNo, reviewStatus: registrations.reviewStatus })
      .from(registrations)
      .where(inArray(registrations.regNo, regNos));
  }
}
