import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { REGISTRATION_COUNT_CAP, type RegistrationQuery, type RegistrationSummary } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { registrations } from '../../db/schema.js';
import { containsCondition, nameRank, normaliseKeyword } from '../search/grams.js';

export { REGISTRATION_COUNT_CAP };

/**
 * Records walked to find `needed` matches when more than the cap match: with the cap at 10,000 and a
 * million records a match is at least every hundred rows, so 150 a match leaves room to spare.
 */
function walkWindow(needed: number): number {
  return Math.min(Math.max(2_000, needed * 150), 200_000);
}

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
  /** Matches are counted up to this many (REGISTRATION_COUNT_CAP; smaller in tests). */
  private readonly cap: number;

  constructor(
    private readonly db: Db,
    options: { countCap?: number } = {},
  ) {
    this.cap = options.countCap ?? REGISTRATION_COUNT_CAP;
  }

  /**
   * One page of records matching the query, and how many match (counted up to the cap: a larger
   * result answers the cap, and pages past it are answered empty).
   *
   * Without a keyword or company the indexes of the filters and of the order serve the page.
   *
   * With one, the planner's guesses are not to be trusted (decision 0010): a gram it has no statistics
   * for is taken for 0.35 % of the rows, and it would walk the date index over the whole table looking
   * for a rare keyword; several grams and a LIKE are taken for almost nothing, and it would sort a
   * hundred thousand matches for twenty. So the matches are read through the gram index, at most `cap`
   * of them, and counted and sorted in one statement: that is the page whenever fewer than `cap` match
   * (and for relevance, which ranks the counted matches). When more match, a match is at least every
   * few hundred rows: the page is found by walking the order's index a window at a time, filtering.
   */
  async search(query: RegistrationQuery): Promise<{ items: RegistrationSummary[]; totalCount: number }> {
    const offset = (query.page - 1) * query.pageSize;
    const pageOffered = offset < this.cap;
    if (!query.keyword?.trim() && !query.company?.trim()) {
      const [items, counted] = await Promise.all([pageOffered ? this.pageStatement(query) : [], this.countStatement(query)]);
      return { items, totalCount: counted[0]?.n ?? 0 };
    }
    const rows = pageOffered ? await selectRows<RegistrationSummary & { totalCount: number }>(this.db, this.matchesPage(query)) : [];
    const totalCount = rows[0]?.totalCount ?? (await this.countStatement(query))[0]?.n ?? 0;
    if (!pageOffered || rows.length === 0) return { items: [], totalCount };
    if (totalCount < this.cap || query.sort === 'relevance') {
      return { items: rows.map(({ totalCount: _, ...item }) => item), totalCount };
    }
    const walked = await selectRows<RegistrationSummary>(this.db, this.walkPage(query, walkWindow(offset + query.pageSize)));
    // The window held too few matches (filters that thin them out): the planner's own plan then.
    const items = walked.length === query.pageSize ? walked : await this.pageStatement(query);
    return { items, totalCount };
  }

  /**
   * The matches read through the indexes of the keyword and company (at most `cap`), sorted and
   * paged, with their number on every row. The CTE is materialised so the planner cannot turn it
   * into a walk of another index, and it takes the table's name in the outer query, so the usual
   * ORDER BY applies to it.
   */
  matchesPage(query: RegistrationQuery): SQL {
    const matches = this.db.select(registrationSummaryColumns).from(registrations).where(whereOf(query)).limit(this.cap);
    return sql`WITH matches AS MATERIALIZED (${matches.getSQL()})
      SELECT ${summaryList}, (SELECT count(*) FROM matches)::int AS "totalCount" FROM matches AS registrations
      ORDER BY ${sql.join(orderOf(query), sql`, `)}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  }

  /**
   * A page from the first `window` records in the order of the page (read through the order's
   * index: the LIMIT keeps the subquery apart), filtered. Exact when it yields a full page.
   */
  walkPage(query: RegistrationQuery, window: number): SQL {
    const ordered = this.db.select().from(registrations).orderBy(...orderOf(query)).limit(window);
    return sql`SELECT ${summaryList} FROM (${ordered.getSQL()}) AS registrations
      WHERE ${whereOf(query)}
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

  /** The statement that counts the matches of `search`, up to the cap (not yet run: tests explain it). */
  countStatement(query: RegistrationQuery, cap = this.cap) {
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
