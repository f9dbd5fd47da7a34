import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, not, sql, type SQL } from 'drizzle-orm';
import {
  REGISTRATION_COUNT_CAP,
  REGISTRATION_EXACT_COUNT,
  type RegistrationExportQuery,
  type RegistrationPage,
  type RegistrationQuery,
  type RegistrationSummary,
} from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { ESTIMATE_ABOVE, tableSize } from '../../db/table-size.js';
import { registrations } from './registration.schema.js';
import { REGISTRATION_COLUMNS, registrationRow, type RegistrationFields } from './registration-columns.js';
import { containsCondition, containsText, nameRank, textArray } from '../../db/gram-search.js';
import { escapeLike, normaliseKeyword, queryGrams } from '../../shared/grams.js';
import { decodeCursor, encodeCursor, filterTerms, keywordTerms, nameTerm, prefixTerm, type Cursor } from './registration-terms.js';

export { REGISTRATION_COUNT_CAP, REGISTRATION_EXACT_COUNT };

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

/** The condition of an export (keyword and filters), read through the gram indexes. */
function whereOf(query: RegistrationExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
  if (keyword) conditions.push(containsCondition(registrations.searchGrams, registrations.searchText, keyword));
  const company = query.company ? normaliseKeyword(query.company) : '';
  if (company) {
    const lowerCompany = sql`lower(${registrations.company})`;
    // Matches the expression index registrations_company_grams_idx on fl_grams(lower(company)).
    conditions.push(containsCondition(sql`fl_grams(${lowerCompany})`, lowerCompany, company));
  }
  if (query.type) conditions.push(eq(registrations.type, query.type));
  if (query.status) conditions.push(eq(registrations.reviewStatus, query.status));
  if (query.province) conditions.push(eq(registrations.province, query.province));
  if (query.updatedFrom) conditions.push(gte(registrations.updatedOn, query.updatedFrom));
  if (query.updatedTo) conditions.push(lte(registrations.updatedOn, query.updatedTo));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The order of a list (within each relevance tier: newest first). */
function orderOf(sort: RegistrationQuery['sort']): SQL[] {
  switch (sort) {
    case 'updated_asc':
      return [asc(registrations.updatedOn), asc(registrations.id)];
    case 'regno_asc':
      return [asc(registrations.regNo)];
    case 'regno_desc':
      return [desc(registrations.regNo)];
    default:
      return [desc(registrations.updatedOn), desc(registrations.id)];
  }
}

/** The order of an export: the list's, with relevance ranked by name as the list's tiers are. */
function exportOrderOf(query: RegistrationExportQuery): SQL[] {
  const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
  if (query.sort === 'relevance' && keyword) return [...nameRank(registrations.name, keyword), ...orderOf('relevance')];
  return orderOf(query.sort);
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

/** What a search may spend (smaller in tests, to reach every path with a few thousand records). */
export interface SearchLimits {
  /** Totals up to this many are exact (REGISTRATION_EXACT_COUNT). */
  exactCount?: number;
  /** Up to this many matches are read whole and sorted; more are found by walking the order's index. */
  readAllUpTo?: number;
  /** Pages by number reach this many records (REGISTRATION_COUNT_CAP); further ones follow the cursor. */
  offsetCap?: number;
}

/**
 * Matches read whole and sorted, at most: reading a match through the gram index costs about what
 * walking a record of the date index does (2–4 µs on PostgreSQL 15 with the table in the page cache),
 * and a walk needs pageSize × records ÷ matches of them, so the two meet near √(20 × 1,000,000) ≈ 4,500
 * for a page of 20 at a million records (docs/decisions/0076).
 */
const READ_ALL_UP_TO = 4_000;
/** Candidates read to estimate the share that passes a condition the index cannot test. */
const ESTIMATE_SAMPLE = 2_000;

/** The statements fl_index_count explains, by the index they count in (only these: never user text). */
const INDEX_COUNT_STATEMENTS = {
  grams: 'SELECT 1 FROM registrations WHERE search_grams @> $1 LIMIT 1',
  company: 'SELECT 1 FROM registrations WHERE fl_grams(lower(company)) @> $1 LIMIT 1',
} as const;

/** The conditions of a search, or of one relevance tier of it. */
interface Part {
  /** The index that holds `terms` (undefined: no term; the whole table, or what `residual` selects). */
  index: keyof typeof INDEX_COUNT_STATEMENTS | undefined;
  terms: string[];
  /** What the index does not test, as read through the indexes. */
  residual: SQL | undefined;
  /** The whole condition, tested row by row on records read anyway. */
  rowwise: SQL | undefined;
}

/** Where the page continues: after the cursor's record, in the list's order. */
function afterCondition(sort: RegistrationQuery['sort'], cursor: Cursor): SQL {
  if ('r' in cursor) return sort === 'regno_desc' ? lt(registrations.regNo, cursor.r) : gt(registrations.regNo, cursor.r);
  return sort === 'updated_asc'
    ? sql`(${registrations.updatedOn}, ${registrations.id}) > (${cursor.d}::date, ${cursor.i})`
    : sql`(${registrations.updatedOn}, ${registrations.id}) < (${cursor.d}::date, ${cursor.i})`;
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

  /**
   * Removes replaced record versions from the table and its indexes (VACUUM, index clean-up forced:
   * with few dead versions PostgreSQL would skip it), so the gram index counts each record once.
   */
  async vacuum(): Promise<void> {
    await this.db.execute(sql`VACUUM (INDEX_CLEANUP ON, ANALYZE) registrations`);
  }

  /** The records matching a list's filters, in its order, at most `limit` (exports). */
  async exportRows(query: RegistrationExportQuery, limit: number): Promise<RegistrationRow[]> {
    return this.db.select().from(registrations).where(whereOf(query)).orderBy(...exportOrderOf(query)).limit(limit);
  }

  private readonly exactCount: number;
  private readonly readAllUpTo: number;
  private readonly offsetCap: number;

  constructor(
    private readonly db: Db,
    options: SearchLimits = {},
  ) {
    this.exactCount = options.exactCount ?? REGISTRATION_EXACT_COUNT;
    this.readAllUpTo = options.readAllUpTo ?? READ_ALL_UP_TO;
    this.offsetCap = options.offsetCap ?? REGISTRATION_COUNT_CAP;
  }

  /**
   * One page of the records matching the query, how many match, and where the next page starts
   * (docs/decisions/0076).
   *
   * The total comes from the gram index alone where the index holds every condition (keyword of one
   * or two characters, type, review result, province: fl_index_count), exact up to `exactCount` and
   * labelled an estimate above; a condition the index cannot test (a longer keyword's text, the
   * company, dates) is counted by reading the candidates when there are at most `exactCount` of
   * them, and estimated from a sample of them when there are more.
   *
   * The page is read the cheaper of two ways, chosen by that count: at most `readAllUpTo` matches are
   * read whole through the index and sorted; more are found by walking the order's own index from
   * the cursor, testing each record, which needs about pageSize × records ÷ matches records. Both
   * cost the same on page 50 as on page 1 when the page is reached by its cursor (`after`).
   * Relevance is three parts read one after another, each in date order: names that are the keyword,
   * names that start with it, every other match.
   */
  async search(query: RegistrationQuery): Promise<RegistrationPage> {
    const sort = query.sort;
    const keyword = query.keyword ? normaliseKeyword(query.keyword) : '';
    const cursor = query.after ? decodeCursor(query.after, sort) : undefined;
    const offset = cursor ? 0 : (query.page - 1) * query.pageSize;
    const base = this.partOf(query, keyword, undefined);
    const total = await this.countOf(base);
    if (!cursor && offset >= this.offsetCap) return { items: [], totalCount: total.n, totalExact: total.exact, nextCursor: null };

    const ranked = sort === 'relevance' && keyword !== '';
    const parts = ranked ? ([0, 1, 2] as const).map((tier) => this.partOf(query, keyword, tier)) : [base];
    const counts = ranked ? await this.tierCounts(query, keyword, parts, total.n) : [total.n];
    const wanted = query.pageSize + 1;
    const rows: Array<RegistrationSummary & { tier: number }> = [];
    let skip = offset;
    for (const [index, part] of parts.entries()) {
      if (rows.length >= wanted) break;
      const tier = ranked ? index : 0;
      const after = cursor && 'd' in cursor ? (cursor.k === tier ? cursor : cursor.k > tier ? 'past' : undefined) : cursor;
      if (after === 'past') continue;
      if (!after && skip >= counts[index]! && ranked) {
        skip -= counts[index]!;
        continue;
      }
      const read = await this.readPart(part, counts[index]!, sort, after, skip, wanted - rows.length);
      rows.push(...read.map((row) => ({ ...row, tier })));
      skip = 0;
    }
    const items = rows.slice(0, query.pageSize);
    // The end of the list, reached by page number: what was read is the count itself. The index's count
    // can still hold records an import replaced while a transaction kept VACUUM from removing them.
    const atEnd = !cursor && rows.length < wanted && (rows.length > 0 || offset === 0);
    const totalCount = atEnd ? offset + rows.length : total.n;
    const last = items.at(-1);
    const nextCursor =
      rows.length > query.pageSize && last
        ? encodeCursor(sort === 'regno_asc' || sort === 'regno_desc' ? { r: last.regNo } : { k: last.tier, d: last.updatedOn, i: last.id })
        : null;
    return { items: items.map(({ tier: _, ...item }) => item), totalCount, totalExact: atEnd || total.exact, nextCursor };
  }

  /**
   * The conditions of a query, or of one relevance tier of it (0: the name is the keyword, 1: it starts
   * with it, 2: every other match): the terms the gram index holds, what the index cannot test (read
   * through the indexes: LIKE, the company's gram index, dates), and the whole condition row by row.
   */
  private partOf(query: RegistrationQuery, keyword: string, tier: 0 | 1 | 2 | undefined): Part {
    const terms = [...filterTerms(query)];
    const residual: SQL[] = [];
    const rowwise: SQL[] = [];
    if (keyword) {
      const kw = keywordTerms(keyword);
      terms.push(...kw.terms);
      if (!kw.exact) residual.push(containsText(registrations.searchText, keyword));
      rowwise.push(containsText(registrations.searchText, keyword));
    }
    if (query.type) rowwise.push(eq(registrations.type, query.type));
    if (query.status) rowwise.push(eq(registrations.reviewStatus, query.status));
    if (query.province) rowwise.push(eq(registrations.province, query.province));
    const company = query.company ? normaliseKeyword(query.company) : '';
    let index: Part['index'] = terms.length ? 'grams' : undefined;
    let indexTerms = terms;
    if (company) {
      const lowerCompany = sql`lower(${registrations.company})`;
      if (index) {
        // Matches the expression index registrations_company_grams_idx on fl_grams(lower(company)).
        residual.push(containsCondition(sql`fl_grams(${lowerCompany})`, lowerCompany, company));
      } else {
        const grams = queryGrams(company);
        index = grams.length ? 'company' : undefined;
        indexTerms = grams;
        if (!(grams.length === 1 && grams[0] === company)) residual.push(containsText(lowerCompany, company));
      }
      rowwise.push(containsText(lowerCompany, company));
    }
    for (const dated of [
      query.updatedFrom ? gte(registrations.updatedOn, query.updatedFrom) : undefined,
      query.updatedTo ? lte(registrations.updatedOn, query.updatedTo) : undefined,
    ]) {
      if (!dated) continue;
      residual.push(dated);
      rowwise.push(dated);
    }
    if (tier !== undefined) {
      const name = sql`lower(${registrations.name})`;
      const isName = sql`${name} = ${keyword}`;
      const startsWith = sql`${name} LIKE ${`${escapeLike(keyword)}%`}`;
      const prefix = prefixTerm(keyword);
      if (tier === 0) {
        indexTerms = [...terms, nameTerm(keyword)];
        index = 'grams';
        rowwise.push(isName);
      } else if (tier === 1) {
        if (prefix) {
          indexTerms = [...terms, prefix];
          index = 'grams';
        } else residual.push(startsWith);
        residual.push(not(isName));
        rowwise.push(startsWith, not(isName));
      } else {
        residual.push(not(startsWith));
        rowwise.push(not(startsWith));
      }
    }
    return { index, terms: indexTerms, residual: residual.length ? and(...residual) : undefined, rowwise: rowwise.length ? and(...rowwise) : undefined };
  }

  /** The part's condition read through the indexes. */
  private indexed(part: Part): SQL | undefined {
    const conditions: SQL[] = [];
    if (part.index === 'grams') conditions.push(sql`${registrations.searchGrams} @> ${textArray(part.terms)}`);
    if (part.index === 'company') conditions.push(sql`fl_grams(lower(${registrations.company})) @> ${textArray(part.terms)}`);
    if (part.residual) conditions.push(part.residual);
    return conditions.length ? and(...conditions) : undefined;
  }

  /** How many records hold every term of the part's index, from the index alone. */
  private async indexCount(part: Part): Promise<number> {
    const statement = INDEX_COUNT_STATEMENTS[part.index!];
    const [row] = await selectRows<{ n: number | string }>(this.db, sql`SELECT fl_index_count(${statement}, ${textArray(part.terms)}) AS n`);
    return Number(row?.n ?? 0);
  }

  /** How many records match a part: exact up to `exactCount`, an estimate above. */
  private async countOf(part: Part): Promise<{ n: number; exact: boolean }> {
    if (!part.index) {
      if (!part.residual) {
        const n = await this.size();
        return { n, exact: n < ESTIMATE_ABOVE };
      }
      // Only dates: counted in the date index.
      const [row] = await this.db.select({ n: count() }).from(registrations).where(part.residual);
      return { n: row?.n ?? 0, exact: true };
    }
    const candidates = await this.indexCount(part);
    if (!part.residual) return { n: candidates, exact: candidates <= this.exactCount };
    if (candidates <= this.exactCount) {
      const [row] = await this.db.select({ n: count() }).from(registrations).where(this.indexed(part));
      return { n: row?.n ?? 0, exact: true };
    }
    // Many candidates and a condition the index cannot test: the share of a sample that passes it.
    const sample = this.db
      .select()
      .from(registrations)
      .where(this.indexed({ ...part, residual: undefined }))
      .limit(ESTIMATE_SAMPLE)
      .as('registrations');
    const [row] = await this.withIndexScans((tx) =>
      selectRows<{ passed: number; read: number }>(
        tx,
        sql`SELECT count(*) FILTER (WHERE ${part.residual})::int AS passed, count(*)::int AS read FROM ${sample}`,
      ),
    );
    const share = row && row.read > 0 ? row.passed / row.read : 1;
    return { n: Math.round(candidates * share), exact: false };
  }

  /** Statements run with sequential and plain index scans off: the gram index's bitmap is the plan. */
  private withIndexScans<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      return run(tx);
    });
  }

  /**
   * The matches of each relevance tier (the last one by difference from the total). From the index
   * alone unless the company or dates filter the list (the index does not hold them): then counted as
   * any part is (countOf).
   */
  private async tierCounts(query: RegistrationQuery, keyword: string, parts: Part[], total: number): Promise<number[]> {
    const outside = Boolean(query.company?.trim() || query.updatedFrom || query.updatedTo);
    const named = outside ? (await this.countOf(parts[0]!)).n : await this.indexCount(parts[0]!);
    // Tier 1's index terms hold "the name starts with the keyword", which tier 0's records hold too.
    const startsWith = !outside && prefixTerm(keyword) ? (await this.indexCount(parts[1]!)) - named : (await this.countOf(parts[1]!)).n;
    return [named, Math.max(0, startsWith), Math.max(0, total - named - Math.max(0, startsWith))];
  }

  /**
   * Up to `limit` records of a part in the list's order, after the cursor or past `offset` records.
   * At most `readAllUpTo` matches: read whole through the index and sorted. More: the order's index
   * walked from the cursor, each record tested, as far as a window that should hold the page four
   * times over; if it holds too few (the matches are not spread evenly), the planner's own plan.
   */
  private async readPart(part: Part, matches: number, sort: RegistrationQuery['sort'], after: Cursor | undefined, offset: number, limit: number) {
    const order = orderOf(sort);
    const keyset = after ? afterCondition(sort, after) : undefined;
    const indexed = this.indexed(part);
    if (part.index && matches <= this.readAllUpTo) {
      const all = this.db.select(registrationSummaryColumns).from(registrations).where(indexed);
      return selectRows<RegistrationSummary>(
        this.db,
        sql`WITH matches AS MATERIALIZED (${all.getSQL()})
          SELECT ${summaryList} FROM matches AS registrations ${keyset ? sql`WHERE ${keyset}` : sql``}
          ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset}`,
      );
    }
    if (part.index || part.residual) {
      const records = await this.size();
      const expected = ((offset + limit) * Math.max(records, 1)) / Math.max(matches, 1);
      const window = Math.round(Math.min(Math.max(expected * 4, 2_000), 200_000));
      const walked = await selectRows<RegistrationSummary>(this.db, this.walkStatement(part, sort, keyset, window, offset, limit));
      if (walked.length === limit) return walked;
    }
    // Every record (the order's index reads the page), or a walk that found too few.
    return selectRows<RegistrationSummary>(
      this.db,
      sql`SELECT ${summaryList} FROM registrations WHERE ${and(indexed, keyset) ?? sql`true`}
        ORDER BY ${sql.join(order, sql`, `)} LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /**
   * The first `window` records after the cursor in the order of the page (read through the order's
   * index: the LIMIT keeps the subquery apart), tested row by row (a LIKE, not the gram tests), read
   * only as far as the page needs.
   */
  private walkStatement(part: Part, sort: RegistrationQuery['sort'], keyset: SQL | undefined, window: number, offset: number, limit: number): SQL {
    const order = orderOf(sort);
    const ordered = this.db.select().from(registrations).where(keyset).orderBy(...order).limit(window);
    return sql`SELECT ${summaryList} FROM (${ordered.getSQL()}) AS registrations
      ${part.rowwise ? sql`WHERE ${part.rowwise}` : sql``}
      ORDER BY ${sql.join(order, sql`, `)}
      LIMIT ${limit} OFFSET ${offset}`;
  }

  /** The statement of a whole part read through the indexes, sorted (tests explain it). */
  readAllStatement(query: RegistrationQuery): SQL {
    const part = this.partOf(query, query.keyword ? normaliseKeyword(query.keyword) : '', undefined);
    return sql`SELECT ${summaryList} FROM registrations WHERE ${this.indexed(part) ?? sql`true`} ORDER BY ${sql.join(orderOf(query.sort), sql`, `)} LIMIT ${query.pageSize}`;
  }

  /** How many records there are, as /database and the home page say (tableSize). */
  size(): Promise<number> {
    return tableSize(this.db, 'registrations');
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
