import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_COUNT_CAP, RegistrationQuery } from '@fuliaotong/contracts';
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

describe('gram indexes', () => {
  it('finds what it should, rare or common', async () => {
    const rare = await repository.search(RegistrationQuery.parse({ keyword: '乳糖' }));
    expect(rare.totalCount).toBe(10);
    expect(rare.items.every((r) => r.name === '乳糖')).toBe(true);
    expect((await repository.search(RegistrationQuery.parse({ company: '华康' }))).totalCount).toBe(12);
    // Every record matches: counted up to the cap, read in the order of the page.
    const common = await repository.search(RegistrationQuery.parse({ keyword: 'F2020', pageSize: 5, page: 2 }));
    expect(common.totalCount).toBe(Math.min(3000, REGISTRATION_COUNT_CAP));
    expect(common.items.map((r) => r.updatedOn)).toEqual([...common.items.map((r) => r.updatedOn)].sort().reverse());
    const newest = await repository.search(RegistrationQuery.parse({ keyword: 'F2020', pageSize: 1 }));
    expect(newest.items[0]!.updatedOn >= common.items[0]!.updatedOn).toBe(true);
    // Relevance: the exact names first, then the newest.
    const ranked = await repository.search(RegistrationQuery.parse({ keyword: '乳', sort: 'relevance', pageSize: 12 }));
    expect(ranked.totalCount).toBe(10);
    expect(ranked.items.map((r) => r.name)).toEqual(Array(10).fill('乳糖'));
    const past = await repository.search(RegistrationQuery.parse({ keyword: '乳', sort: 'relevance', page: 3, pageSize: 5 }));
    expect(past).toEqual({ items: [], totalCount: 10 });
  });

  it('pages through results beyond the cap by walking the order, exactly as the plain query would', async () => {
    const capped = new RegistrationRepository(t.database.db, { countCap: 500 });
    for (const filters of [
      { keyword: 'F2020' },
      { keyword: '纤维', sort: 'updated_asc' },
      { keyword: 'f2020', sort: 'regno_desc', page: 7, pageSize: 30 },
      // The matches are all among the oldest records: the window of the newest holds none, and the
      // plain plan answers.
      { keyword: 'F2020', updatedTo: '2021-01-01', page: 3 },
      { company: '药业', sort: 'regno_asc', page: 2 },
    ]) {
      const query = RegistrationQuery.parse(filters);
      const page = await capped.search(query);
      expect(page.totalCount, JSON.stringify(filters)).toBe(500);
      expect(page.items, JSON.stringify(filters)).toEqual(await capped.pageStatement(query));
      expect(page.items.length).toBe(query.pageSize);
    }
    expect(await capped.search(RegistrationQuery.parse({ keyword: 'F2020', page: 26 }))).toEqual({ items: [], totalCount: 500 });
  });

  it('counts every record of an unfiltered list, the number /database and the home page show; its pages still stop at the cap', async () => {
    const capped = new RegistrationRepository(t.database.db, { countCap: 500 });
    const all = await capped.search(RegistrationQuery.parse({ pageSize: 20 }));
    expect(all.totalCount).toBe(3000);
    expect(all.totalCount).toBe((await new ReferenceRepository(t.database.db).stats('registration')).recordCount);
    expect(all.items).toHaveLength(20);
    expect(await capped.search(RegistrationQuery.parse({ page: 26, pageSize: 20 }))).toEqual({ items: [], totalCount: 3000 });
    // A filter counts its matches, up to the cap.
    expect((await capped.search(RegistrationQuery.parse({ type: '辅料' }))).totalCount).toBe(500);
    expect((await capped.search(RegistrationQuery.parse({ status: 'I' }))).totalCount).toBe(500);
  });

  it('answers a two-character keyword from the GIN index, for the count and the page', async () => {
    const query = RegistrationQuery.parse({ keyword: '乳糖' });
    for (const statement of [repository.countStatement(query).getSQL(), repository.matchesPage(query)]) {
      const plan = await planOf(statement);
      expect(plan).toContain('Bitmap Index Scan');
      expect(plan).toContain('registrations_grams_idx');
      expect(plan).not.toContain('Seq Scan');
    }
  });

  it('answers a one-character keyword in relevance order from the GIN index', async () => {
    const plan = await planOf(repository.matchesPage(RegistrationQuery.parse({ keyword: '乳', sort: 'relevance' })));
    expect(plan).toContain('registrations_grams_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('answers the company filter from its expression index', async () => {
    const query = RegistrationQuery.parse({ company: '华康' });
    for (const statement of [repository.countStatement(query).getSQL(), repository.matchesPage(query)]) {
      const plan = await planOf(statement);
      expect(plan).toContain('registrations_company_grams_idx');
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
