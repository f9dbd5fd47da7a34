import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationQuery } from '@fuliaotong/contracts';
import { selectRows } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { RegistrationRepository } from './registration.repository.js';
import { ReferenceRepository } from '../reference/reference.repository.js';

/**
 * The planner answers short Chinese keywords from the gram indexes on its own (no planner settings
 * changed): 3,000 records of which a handful match, then VACUUM ANALYZE, as autovacuum leaves a real table.
 */
let t: TestApp;
let repository: RegistrationRepository;

beforeAll(async () => {
  t = await createTestApp();
  repository = new RegistrationRepository(t.database.db);
  await t.database.db.execute(sql`
    INSERT INTO registrations (reg_no, name, company, province, source, type, review_status, updated_on)
    SELECT
      'F2020' || lpad(i::text, 7, '0'),
      CASE WHEN i % 300 = 0 THEN '乳糖'
        ELSE (ARRAY['淀粉', '硬脂酸镁', '微晶纤维素', '羟丙甲纤维素', '聚维酮', '交联羧甲纤维素钠', '甘露醇', '滑石粉', '二氧化钛', '明胶'])[1 + i % 10]
          || '（' || (i % 97) || ' 型）' END,
      CASE WHEN i % 250 = 0 THEN '浙江华康药用辅料有限公司'
        ELSE (ARRAY['江苏', '山东', '广东', '四川', '河南', '安徽', '湖北'])[1 + i % 7]
          || (ARRAY['恒信', '瑞丰', '金山', '天成', '国泰', '永安'])[1 + i % 6] || '药业有限公司' END,
      (ARRAY['江苏', '山东', '广东', '四川', '河南', '安徽', '湖北'])[1 + i % 7],
      '国产',
      '辅料',
      CASE WHEN i % 3 = 0 THEN 'I' ELSE 'A' END,
      DATE '2020-01-01' + (i % 1500)
    FROM generate_series(1, 3000) AS i
  `);
  // What autovacuum does to a table that received rows: statistics, and the GIN pending lists
  // (fastupdate) merged into the indexes. Until then every query also reads the pending list.
  await t.database.db.execute(sql`VACUUM ANALYZE registrations`);
});
afterAll(async () => {
  await t.close();
});

/** The plan of a statement as JSON text. */
async function planOf(statement: SQL): Promise<string> {
  const rows = await selectRows<Record<string, unknown>>(t.database.db, sql`EXPLAIN (FORMAT JSON) ${statement}`);
  return JSON.stringify(rows);
}

/** The summary fields of rows of the table, as a page lists them. */
const summaries = (rows: Awaited<ReturnType<RegistrationRepository['exportRows']>>) =>
  rows.map((r) => ({ id: r.id, regNo: r.regNo, name: r.name, company: r.company, province: r.province, type: r.type, reviewStatus: r.reviewStatus, updatedOn: r.updatedOn }));

describe('gram indexes', () => {
  it('finds what it should, rare or common, and counts it exactly', async () => {
    const rare = await repository.search(RegistrationQuery.parse({ keyword: '乳糖' }));
    expect(rare).toMatchObject({ totalCount: 10, totalExact: true, nextCursor: null });
    expect(rare.items.every((r) => r.name === '乳糖')).toBe(true);
    expect((await repository.search(RegistrationQuery.parse({ company: '华康' }))).totalCount).toBe(12);
    // Every record matches.
    const common = await repository.search(RegistrationQuery.parse({ keyword: 'F2020', pageSize: 5, page: 2 }));
    expect(common.totalCount).toBe(3000);
    expect(common.items.map((r) => r.updatedOn)).toEqual([...common.items.map((r) => r.updatedOn)].sort().reverse());
    const newest = await repository.search(RegistrationQuery.parse({ keyword: 'F2020', pageSize: 1 }));
    expect(newest.items[0]!.updatedOn >= common.items[0]!.updatedOn).toBe(true);
    // Relevance: the exact names first, then the newest.
    const ranked = await repository.search(RegistrationQuery.parse({ keyword: '乳', sort: 'relevance', pageSize: 12 }));
    expect(ranked.totalCount).toBe(10);
    expect(ranked.items.map((r) => r.name)).toEqual(Array(10).fill('乳糖'));
    const past = await repository.search(RegistrationQuery.parse({ keyword: '乳', sort: 'relevance', page: 3, pageSize: 5 }));
    expect(past).toEqual({ items: [], totalCount: 10, totalExact: true, nextCursor: null });
    // Filters the index holds, with and without a keyword.
    expect((await repository.search(RegistrationQuery.parse({ status: 'I' }))).totalCount).toBe(1000);
    expect((await repository.search(RegistrationQuery.parse({ keyword: '乳糖', status: 'I', province: '广东' }))).totalCount).toBe(
      (await repository.exportRows({ keyword: '乳糖', status: 'I', province: '广东', sort: 'updated_desc' }, 3000)).length,
    );
  });

  it('reads a page the same by walking the order as by reading the matches, offsets and relevance included', async () => {
    const walking = new RegistrationRepository(t.database.db, { readAllUpTo: 100, exactCount: 500 });
    for (const filters of [
      { keyword: 'F2020' },
      { keyword: '纤维', sort: 'updated_asc' },
      { keyword: 'f2020', sort: 'regno_desc', page: 7, pageSize: 30 },
      // The matches are all among the oldest records: the window of the newest holds none, and the
      // plain plan answers.
      { keyword: 'F2020', updatedTo: '2021-01-01', page: 3 },
      { company: '药业', sort: 'regno_asc', page: 2 },
      { keyword: '纤维素', sort: 'relevance', page: 4 },
      { keyword: '羟丙甲纤维素（1', sort: 'relevance', page: 2, pageSize: 5 },
      { keyword: '纤维素', sort: 'relevance', updatedFrom: '2022-06-01', page: 3 },
      { keyword: '羟丙甲纤维素（1', company: '药业', sort: 'relevance', page: 2, pageSize: 3 },
    ]) {
      const query = RegistrationQuery.parse(filters);
      const offset = (query.page - 1) * query.pageSize;
      const expected = summaries(await repository.exportRows(query, offset + query.pageSize)).slice(offset);
      const page = await walking.search(query);
      expect(page.items, JSON.stringify(filters)).toEqual(expected);
      expect(page.items.length, JSON.stringify(filters)).toBe(query.pageSize);
    }
    // Past the pages by number: nothing, and no cursor.
    expect(await walking.search(RegistrationQuery.parse({ keyword: 'F2020', page: 51 }))).toMatchObject({ items: [], nextCursor: null });
  });

  it('estimates a total above the exact limit within 5 % (a sample for what the index cannot test)', async () => {
    const strict = new RegistrationRepository(t.database.db, { exactCount: 100 });
    for (const filters of [{ keyword: '纤维素' }, { keyword: '淀粉', updatedFrom: '2022-01-01' }, { company: '药业有限' }, { keyword: '硬' }]) {
      const query = RegistrationQuery.parse(filters);
      const actual = (await repository.exportRows(query, 3000)).length;
      const page = await strict.search(query);
      expect(page.totalExact, JSON.stringify(filters)).toBe(false);
      expect(Math.abs(page.totalCount - actual) / actual, JSON.stringify(filters)).toBeLessThanOrEqual(0.05);
    }
  });

  it('counts every record of an unfiltered list, the number /database and the home page show; its pages by number stop at the cap', async () => {
    const capped = new RegistrationRepository(t.database.db, { offsetCap: 500 });
    const all = await capped.search(RegistrationQuery.parse({ pageSize: 20 }));
    expect(all.totalCount).toBe(3000);
    expect(all.totalCount).toBe((await new ReferenceRepository(t.database.db).stats('registration')).recordCount);
    expect(all.items).toHaveLength(20);
    expect(await capped.search(RegistrationQuery.parse({ page: 26, pageSize: 20 }))).toMatchObject({ items: [], totalCount: 3000 });
    expect((await capped.search(RegistrationQuery.parse({ type: '辅料' }))).totalCount).toBe(3000);
  });

  it('counts a keyword and filters in the gram index alone', async () => {
    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT fl_index_count('SELECT 1 FROM registrations WHERE search_grams @> $1 LIMIT 1', ARRAY['乳', ${'\u0001sI'}]::text[])::int AS n`,
    );
    expect(rows[0]!.n).toBe((await repository.exportRows({ keyword: '乳', status: 'I', sort: 'updated_desc' }, 3000)).length);
  });

  it('pages by relevance across its three tiers when the company or dates (which the index does not hold) filter them too', async () => {
    await t.database.db.execute(sql`
      INSERT INTO registrations (reg_no, name, company, province, source, type, review_status, updated_on)
      SELECT 'Y2021' || lpad(i::text, 7, '0'), (ARRAY['聚维酮', '聚维酮 K30', '共聚维酮'])[1 + i % 3],
        (ARRAY['甲公司药业', '乙公司'])[1 + i % 2], '江苏', '国产', '药包材', 'A', DATE '2023-01-01' + i * 7
      FROM generate_series(1, 30) AS i`);
    try {
      for (const limits of [{}, { readAllUpTo: 5, exactCount: 5 }]) {
        const searching = new RegistrationRepository(t.database.db, limits);
        for (const filters of [
          { keyword: '聚维酮', company: '甲公司' },
          { keyword: '聚维酮', updatedFrom: '2023-03-01' },
        ]) {
          for (const page of [1, 2, 3, 4]) {
            const query = RegistrationQuery.parse({ ...filters, sort: 'relevance', page, pageSize: 4 });
            const offset = (page - 1) * 4;
            const expected = summaries(await repository.exportRows(query, offset + 4)).slice(offset);
            expect((await searching.search(query)).items, JSON.stringify({ ...filters, page, limits })).toEqual(expected);
          }
        }
      }
    } finally {
      await t.database.db.execute(sql`DELETE FROM registrations WHERE reg_no LIKE 'Y2021%'`);
    }
  });

  it('reads the matches of a two-character keyword, or of the company filter, through their GIN indexes', async () => {
    for (const [query, index] of [
      [{ keyword: '乳糖' }, 'registrations_grams_idx'],
      [{ keyword: '乳', sort: 'relevance' }, 'registrations_grams_idx'],
      [{ company: '华康' }, 'registrations_company_grams_idx'],
    ] as const) {
      const plan = await planOf(repository.readAllStatement(RegistrationQuery.parse(query)));
      expect(plan).toContain(index);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
