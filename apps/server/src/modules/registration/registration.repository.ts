import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { REGISTRATION_COUNT_CAP, type RegistrationExportQuery, type RegistrationQuery, type RegistrationSummary } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { tableSize } from '../../db/table-size.js';
import { registrations } from './registration.schema.js';
import { REGISTRATION_COLUMNS, registrationRow, type RegistrationFields } from './registration-columns.js';
import { containsCondition, containsText, nameRank } from '../../db/gram-search.js';
import { normaliseKeyword } from '../../shared/grams.js';

export { REGISTRATION_COUNT_CAP };

/**
 * Records walked to find `needed` matches when more than the cap match. The walk stops as soon as it
 * has them, so for a common keyword the window costs nothing; it bounds the walk for a keyword that is
 * rare among the records of the order's first pages. Reading a record in the walk costs about what
 * reading a match through the gram index does (~1.5 µs on PostgreSQL 15), so past a few thousand
 * records it is cheaper to read every match and sort them (the fallback, decision 0008). The window
 * is therefore set by that cost, not by the cap: more than 1,000 matches among a million records only
 * promise one every thousand records, and walking the 9,600 newest records to find 20 of the 2,400
 * matches of 阿莫西 takes 16 ms where reading and sorting all of them takes 4.
 */
function walkWindow(needed: number): number {
  return Math.min(Math.max(2_000, needed * 150), 30_000);
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

/**
 * The condition of a registration query (keyword and filters).
 *
 * `indexed`: keyword and company through their gram indexes (where the matches are read). `rowwise`:
 * the same test as a plain LIKE on the lower-cased text, for rows read anyway (the walk of the order's
 * index), where `fl_grams(lower(company))` would be computed for every row (~80 µs each).
 */
function whereOf(query: RegistrationQuery, mode: 'indexed' | 'rowwise' = 'indexed'): SQL | undefined {
  const conditions: SQL[] = [];
  const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
  if (keyword) {
    conditions.push(
      mode === 'indexed'
        ? containsCondition(registrations.searchGrams, registrations.searchText, keyword)
        : containsText(registrations.searchText, keyword),
    );
  }
  const company = query.company ? normaliseKeyword(query.company) : '';
  if (company) {
    const lowerCompany = sql`lower(${registrations.company})`;
    // Matches the expression index registrations_company_grams_idx on fl_grams(lower(company)).
    conditions.push(
      mode === 'indexed'
        ? containsCondition(sql`fl_grams(${lowerCompany})`, lowerCompany, company)
        : containsText(lowerCompany, company),
    );
  }
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
/**
 * Inserts the records, or replaces the stored record with the same registration number (登记号).
 * The rows travel as one JSON parameter (json_populate_recordset), so one statement writes a whole
 * batch; the numbers within one call must be distinct. Answers how many were new.
 */
async function upsertRecords(
  db: Pick<Db, 'execute'>,
  records: readonly RegistrationFields[],
): Promise<{ inserted: number; updated: number }> {
  if (!records.length) return { inserted: 0, updated: 0 };
  const rows = records.map(registrationRow);
  const cols = sql.raw(REGISTRATION_COLUMNS.map((c) => `"${c}"`).join(', '));
  const updates = sql.raw(
    REGISTRATION_COLUMNS.filter((c) => c !== 'reg_no')
      .map((c) => `"${c}" = EXCLUDED."${c}"`)
      .join(', '),
  );
  const [counts] = await selectRows<{ inserted: number; updated: number }>(
    db as Db,
    sql`WITH written AS (
          INSERT INTO registrations (${cols})
          SELECT ${cols} FROM json_populate_recordset(NULL::registrations, ${JSON.stringify(rows)}::json)
          ON CONFLICT (reg_no) DO UPDATE SET ${updates}
          RETURNING (xmax = 0) AS inserted
        )
        SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM written`,
  );
  return counts!;
}

export class RegistrationRepository {
  /** The stored records with these registration numbers, as the fields an import writes. */
  async fieldsOf(regNos: readonly string[]): Promise<RegistrationFields[]> {
    const found: RegistrationFields[] = [];
    for (let i = 0; i < regNos.length; i += 1_000) {
      const rows = await this.db
        .select({
          regNo: registrations.regNo,
          name: registrations.name,
          company: registrations.company,
          companyAddress: registrations.companyAddress,
          province: registrations.province,
          source: registrations.source,
          spec: registrations.spec,
          packageSpec: registrations.packageSpec,
          type: registrations.type,
          reviewStatus: registrations.reviewStatus,
          updatedOn: registrations.updatedOn,
          remark: registrations.remark,
        })
        .from(registrations)
        .where(inArray(registrations.regNo, regNos.slice(i, i + 1_000)));
      found.push(...rows);
    }
    return found;
  }

  /**
   * Inserts the records, or replaces the stored record with the same registration number (CSV and
   * Excel imports); the numbers within one call must be distinct.
   */
  upsert(records: readonly RegistrationFields[]): Promise<{ inserted: number; updated: number }> {
    return upsertRecords(this.db, records);
  }

  /** The records matching a list's filters, in its order, at most `limit` (exports). */
  async exportRows(query: RegistrationExportQuery, limit: number): Promise<RegistrationRow[]> {
    const asList: RegistrationQuery = { ...query, page: 1, pageSize: 1 };
    return this.db.select().from(registrations).where(whereOf(asList)).orderBy(...orderOf(asList)).limit(limit);
  }

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
   * result answers the cap, and pages past it are answered empty). Without any filter the count is
   * every record (the number /database and the home page show), the pages still stop at the cap.
   *
   * Without a keyword or company the indexes of the filters and of the order serve the page.
   *
   * With one, the planner's guesses are not to be trusted (decision 0010): a gram it has no statistics
   * for is taken for 0.35 % of the rows, and it would walk the date index over the whole table looking
   * for a rare keyword; several grams and a LIKE are taken for almost nothing, and it would sort a
   * hundred thousand matches for twenty. So the matches are read through the gram index, at most `cap`
   * of them, and counted and sorted in one statement: that is the page whenever fewer than `cap` match
   * (and for relevance, which ranks the counted matches). When more match, the page is found by
   * walking the order's index, filtering, up to a window (walkWindow); when the window holds too few
   * (a keyword rare among the newest records, or filters that thin the matches out) the planner's own
   * plan answers, which for a keyword alone reads and sorts its matches.
   */
  async search(query: RegistrationQuery): Promise<{ items: RegistrationSummary[]; totalCount: number }> {
    const offset = (query.page - 1) * query.pageSize;
    const pageOffered = offset < this.cap;
    if (!query.keyword?.trim() && !query.company?.trim()) {
      // No filter at all: the count is the table's size, read as the databases list (and the home page) read it.
      const total = whereOf(query) ? this.countStatement(query).then((counted) => counted[0]?.n ?? 0) : this.size();
      const [items, totalCount] = await Promise.all([pageOffered ? this.pageStatement(query) : [], total]);
      return { items, totalCount };
    }
    const rows = pageOffered ? await selectRows<RegistrationSummary & { totalCount: number }>(this.db, this.matchesPage(query)) : [];
    // No rows: nothing matches (first page), or the page lies past the matches (count them).
    const totalCount = rows[0]?.totalCount ?? (pageOffered && offset === 0 ? 0 : ((await this.countStatement(query))[0]?.n ?? 0));
    if (!pageOffered || rows.length === 0) return { items: [], totalCount };
    if (totalCount < this.cap || query.sort === 'relevance') {
      return { items: rows.map(({ totalCount: _, ...item }) => item), totalCount };
    }
    const walked = await selectRows<RegistrationSummary>(this.db, this.walkPage(query, walkWindow(offset + query.pageSize)));
    // The window held too few matches (rare among the first records, or thinned out by filters): the planner's own plan then.
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
   * index: the LIMIT keeps the subquery apart), filtered row by row (a LIKE, not the gram tests), and
   * read only as far as the page needs. Exact when it yields a full page.
   */
  walkPage(query: RegistrationQuery, window: number): SQL {
    const ordered = this.db.select().from(registrations).orderBy(...orderOf(query)).limit(window);
    return sql`SELECT ${summaryList} FROM (${ordered.getSQL()}) AS registrations
      WHERE ${whereOf(query, 'rowwise')}
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

  /** How many records there are, as /database and the home page say (tableSize). */
  size(): Promise<number> {
    return tableSize(this.db, 'registrations', () => this.db.select({ n: count() }).from(registrations));
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

  /** Whether any record has this product name (品种名称), exactly as written. */
  async hasProduct(name: string): Promise<boolean> {
    const rows = await this.db.select({ id: registrations.id }).from(registrations).where(eq(registrations.name, name)).limit(1);
    return rows.length > 0;
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
