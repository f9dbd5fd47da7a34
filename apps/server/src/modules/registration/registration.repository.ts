import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { REGISTRATION_COUNT_CAP, type RegistrationQuery, type RegistrationSummary } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { registrations } from '../../db/schema.js';
import { containsCondition, nameRank, normaliseKeyword } from '../search/grams.js';

export { REGISTRATION_COUNT_CAP };

/** From this many matches on, a keyword search lets the planner read in the order of the page. */
const DENSE_MATCHES = 2_000;

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

/** The summary columns of a CTE of `registrationSummaryColumns` named "registrations", as the DTO names them. */
const summaryList = sql.raw(
  `registrations.id, registrations.reg_no AS "regNo", registrations.name, registrations.company, registrations.province, ` +
    `registrations.type, registrations.review_status AS "reviewStatus", to_char(registrations.updated_on, 'YYYY-MM-DD') AS "updatedOn"`,
);

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
        return [...nameRank(registrations.name, keyword), desc(registrations.updatedOn), desc(registrations.id)];
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
   * REGISTRATION_COUNT_CAP: a larger result answers the cap, and pages past it are not offered).
   *
   * With a keyword or company, the matches are counted first and the count picks the plan. A few
   * matches (under DENSE_MATCHES) are read through the gram index and sorted: left to itself the
   * planner may walk the date index backwards hoping to meet 20 matches soon, which reads the whole
   * table when a keyword is rare (a term it has no statistics for is guessed at 0.35 % of the rows).
   * Many matches are met soon in any order, so the planner's ordered plan is the fast one then.
   *
   * Relevance needs every match's name: it ranks the matches that are counted (all of them, or the
   * first REGISTRATION_COUNT_CAP found when more match), read once for both the count and the page.
   */
  async search(query: RegistrationQuery): Promise<{ items: RegistrationSummary[]; totalCount: number }> {
    const offset = (query.page - 1) * query.pageSize;
    const pageOffered = offset < REGISTRATION_COUNT_CAP;
    if (!query.keyword?.trim() && !query.company?.trim()) {
      const [items, counted] = await Promise.all([pageOffered ? this.pageStatement(query) : [], this.countStatement(query)]);
      return { items, totalCount: counted[0]?.n ?? 0 };
    }
    if (query.sort === 'relevance' && pageOffered) {
      const rows = await selectRows<RegistrationSummary & { totalCount: number }>(this.db, this.rankedPage(query));
      if (rows.length > 0) return { items: rows.map(({ totalCount: _, ...item }) => item), totalCount: rows[0]!.totalCount };
    }
    const [counted] = await this.countStatement(query);
    const totalCount = counted?.n ?? 0;
    if (!pageOffered || offset >= totalCount) return { items: [], totalCount };
    const items = totalCount < DENSE_MATCHES ? await selectRows<RegistrationSummary>(this.db, this.matchesFirstPage(query)) : await this.pageStatement(query);
    return { items, totalCount };
  }

  /** A page read as "every match, then sorted" (a materialised CTE keeps the planner to that). */
  matchesFirstPage(query: RegistrationQuery): SQL {
    const matches = this.db.select(registrationSummaryColumns).from(registrations).where(whereOf(query));
    // The CTE takes the table's name in the outer query, so the usual ORDER BY applies to it.
    return sql`WITH matches AS MATERIALIZED (${matches.getSQL()})
      SELECT ${summaryList} FROM matches AS registrations
      ORDER BY ${sql.join(orderOf(query), sql`, `)}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  }

  /** The counted matches (up to the cap), ranked, with their number on every row. */
  rankedPage(query: RegistrationQuery): SQL {
    const matches = this.db.select(registrationSummaryColumns).from(registrations).where(whereOf(query)).limit(REGISTRATION_COUNT_CAP);
    return sql`WITH matches AS MATERIALIZED (${matches.getSQL()})
      SELECT ${summaryList}, (SELECT count(*) FROM matches)::int AS "totalCount" FROM matches AS registrations
      ORDER BY ${sql.join(orderOf(query), sql`, `)}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
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
