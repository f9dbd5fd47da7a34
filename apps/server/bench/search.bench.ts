/**
 * Search latency of the registration records (原辅包登记信息) at scale, through the same code the
 * API uses (RegistrationRepository.search), on the database in use:
 *
 *   DATABASE_URL set → PostgreSQL, in a schema of its own (bench_search_<random>, dropped afterwards)
 *   otherwise        → PGlite in a temporary folder (removed afterwards)
 *
 *   npm run bench:search -- [--registrations N=1000000] [--repetitions N=300] [--exact-count N]
 *                           [--schema NAME | --data-dir DIR]
 *
 * Seeds N demo registration records (the demo generator, batched, indexes built after the load),
 * ANALYZE, then runs every query shape `repetitions` times, one query at a time, rotating through
 * a list of real keywords (common and rare ones) after one warm-up pass:
 *
 *   1 字 / 2 字 / 3 字 / 4 字   keyword of that many Chinese characters (登记号、品种名称、企业名称)
 *   关键词+省份+结果             a keyword with the province and review-result filters
 *   … · 第 50 页                page 50, reached by following nextCursor (the way a reader pages on)
 *   企业名称                    the company filter
 *   2 字 · 相关度              a two-character keyword sorted by relevance
 *
 * and prints p50/p95/p99/max latency per shape with the event loop's p99 delay while the shape ran
 * (perf_hooks.monitorEventLoopDelay; on PostgreSQL the loop waits on sockets and stays free, on
 * PGlite a query runs on this thread and blocks it for its whole duration), then EXPLAIN ANALYZE of
 * the statements of one 2-character search. --schema / --data-dir keep the database for another run (seeded only when it holds fewer
 * records than asked for).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { REGISTRATION_EXACT_COUNT, RegistrationQuery, type RegistrationPage } from '@fuliaotong/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openDatabase, selectRows, type Database, type Db } from '../src/db/database.js';
import { seedDemoContent } from '../src/modules/demo/demo-seed.js';
import { RegistrationRepository } from '../src/modules/registration/registration.repository.js';
import { describeFailure, loadAverage, machineLine, parseBenchArgs } from './bench-args.js';

const usage =
  'usage: npm run bench:search -- [--registrations N=1000000] [--repetitions N=300] [--exact-count N] [--schema NAME | --data-dir DIR]';

function parseOptions() {
  const values = parseBenchArgs(usage, {
    registrations: { type: 'integer', default: 1_000_000, min: 1 },
    repetitions: { type: 'integer', default: 300, min: 1 },
    'exact-count': { type: 'integer', min: 1 },
    schema: { type: 'string', pattern: /^[a-z_][a-z0-9_]{0,62}$/, hint: 'a lower-case schema name' },
    'data-dir': { type: 'string' },
  });
  return {
    registrations: values.registrations,
    repetitions: values.repetitions,
    exactCount: values['exact-count'],
    schema: values.schema,
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : undefined,
  };
}

/* --------------------------------------------------------------------------------------------- */
/* Query shapes: real keywords of the generated records, common ones and a rare one or two each.    */

type ShapeQuery = { keyword?: string; company?: string; sort?: 'relevance'; province?: string; status?: 'A' | 'I' };

interface Shape {
  name: string;
  queries: ShapeQuery[];
  /** The page measured, reached by following nextCursor from the first (1: the first page). */
  page?: number;
}

const kw = (...keywords: string[]) => keywords.map((keyword) => ({ keyword }));

const SHAPES: Shape[] = [
  { name: '1 字', queries: kw('钠', '胶', '酸', '瓶', '醇', '塞', '膜', '钙', '片', '油', '素', '钯') },
  { name: '2 字', queries: kw('乳糖', '淀粉', '纤维', '玻璃', '胶塞', '甘露', '硬脂', '聚维', '沙坦', '他汀', '铝箔', '量子') },
  { name: '3 字', queries: kw('微晶纤', '羟丙甲', '聚乙二', '硼硅玻', '阿莫西', '二甲双', '硬脂酸', '甘露醇', '丁基橡', '预胶化', '聚山梨', '石墨烯') },
  { name: '4 字', queries: kw('微晶纤维', '羟丙甲纤', '聚乙二醇', '中硼硅玻', '丁基橡胶', '阿托伐他', '盐酸二甲', '二氧化硅', '羧甲淀粉', '硬脂酸镁', '泊洛沙姆', '量子点材') },
  {
    name: '企业名称',
    queries: ['华康', '山东', '恒瑞', '药用辅料', '江苏', 'gmbh', '九州', '齐鲁', '制药', '浙江新金', '潍坊', '量子科技'].map((company) => ({ company })),
  },
  { name: '2 字 · 相关度', queries: ['乳糖', '淀粉', '玻璃', '硬脂', '沙坦', '甘露'].map((keyword) => ({ keyword, sort: 'relevance' as const })) },
  { name: '1 字 · 相关度', queries: ['钠', '胶', '酸', '醇', '钙', '素'].map((keyword) => ({ keyword, sort: 'relevance' as const })) },
  {
    name: '关键词+省份+结果',
    queries: [
      { keyword: '钠', province: '山东', status: 'A' },
      { keyword: '乳糖', province: '江苏', status: 'I' },
      { keyword: '微晶纤', province: '浙江', status: 'A' },
      { keyword: '羟丙甲纤', province: '广东', status: 'A' },
      { keyword: '胶', province: '河北', status: 'I' },
      { keyword: '淀粉', province: '山东', status: 'A' },
    ],
  },
  { name: '1 字 · 第 50 页', queries: kw('钠', '胶', '酸', '醇', '素', '片'), page: 50 },
  { name: '2 字 · 第 50 页', queries: kw('乳糖', '淀粉', '纤维', '玻璃', '硬脂', '甘露'), page: 50 },
  { name: '2 字 · 相关度 · 第 50 页', queries: ['淀粉', '纤维', '玻璃'].map((keyword) => ({ keyword, sort: 'relevance' as const })), page: 50 },
];

/* --------------------------------------------------------------------------------------------- */
/* Database                                                                                        */

interface BenchDatabase {
  database: Database;
  description: string;
  /** Runs raw SQL with parameters on the underlying client (for EXPLAIN). */
  raw(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** A Drizzle instance on the same connection that reports every statement it runs. */
  logged(onQuery: (text: string, params: unknown[]) => void): Db;
  cleanUp(): Promise<void>;
}

async function openBenchDatabase(options: ReturnType<typeof parseOptions>): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schemaName = options.schema ?? `bench_search_${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ kind: 'postgres', url, schema: schemaName });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const where = new URL(url);
    return {
      database,
      description: `PostgreSQL ${where.host}${where.pathname}, schema ${schemaName}${options.schema ? '' : '（临时）'}`,
      raw: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows,
      logged: (onQuery) => drizzlePg(pool, { logger: { logQuery: onQuery } }),
      async cleanUp() {
        if (!options.schema) await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
        await database.close();
      },
    };
  }
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bench-search-')));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    database,
    description: `PGlite ${dataDir}${options.dataDir ? '' : '（临时）'}`,
    raw: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    logged: (onQuery) => drizzlePglite(client, { logger: { logQuery: onQuery } }),
    async cleanUp() {
      await database.close();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/* --------------------------------------------------------------------------------------------- */
/* Measuring                                                                                       */

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface ShapeResult {
  shape: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  matches: string;
  loopP99: number;
  loopMax: number;
}

/** The query of page `page` of a list, reached by following nextCursor from its first page (undefined: there is no such page). */
async function pageQuery(repository: RegistrationRepository, q: ShapeQuery, page: number) {
  let query = RegistrationQuery.parse({ ...q, page: 1, pageSize: 20 });
  for (let n = 1; n < page; n++) {
    const answer = await repository.search(query);
    if (!answer.nextCursor) return undefined;
    query = RegistrationQuery.parse({ ...q, pageSize: 20, after: answer.nextCursor });
  }
  return query;
}

async function measureShape(repository: RegistrationRepository, shape: Shape, repetitions: number): Promise<ShapeResult> {
  const queries: RegistrationQuery[] = [];
  for (const q of shape.queries) {
    const query = await pageQuery(repository, q, shape.page ?? 1);
    if (query) queries.push(query);
  }
  const counts = new Map<string, number>();
  for (const query of queries) {
    const page: RegistrationPage = await repository.search(query);
    counts.set(JSON.stringify(query), page.totalCount);
  }
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const times: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    const query = queries[i % queries.length]!;
    const started = performance.now();
    await repository.search(query);
    times.push(performance.now() - started);
    // Back to the event loop between queries, as between two requests: PGlite answers through
    // microtasks only, so without this the loop (and its delay monitor) would not run at all.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  histogram.disable();
  times.sort((a, b) => a - b);
  const matched = [...counts.values()].sort((a, b) => a - b);
  return {
    shape: shape.name,
    runs: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1]!,
    matches: `${matched[0]}–${matched[matched.length - 1]}`,
    loopP99: histogram.percentile(99) / 1e6,
    loopMax: histogram.max / 1e6,
  };
}

function printTable(results: ShapeResult[]) {
  const header = ['查询', '次数', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '命中条数', '事件循环延迟 p99/max ms'];
  const rows = results.map((r) => [
    r.shape,
    String(r.runs),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    r.matches,
    `${r.loopP99.toFixed(1)} / ${r.loopMax.toFixed(1)}`,
  ]);
  // Chinese characters take two columns in a terminal.
  const width = (s: string) => [...s].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c + ' '.repeat(widths[i]! - width(c)) : ' '.repeat(widths[i]! - width(c)) + c)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function explainTwoCharacterSearch(bench: BenchDatabase, exactCount: number | undefined) {
  const statements: { text: string; params: unknown[] }[] = [];
  const repository = new RegistrationRepository(
    bench.logged((text, params) => statements.push({ text, params })),
    exactCount ? { exactCount } : {},
  );
  await repository.search(RegistrationQuery.parse({ keyword: '乳糖', page: 1, pageSize: 20 }));
  for (const statement of statements) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${statement.text}\n  -- params: ${JSON.stringify(statement.params)}`);
    const plan = await bench.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
    for (const row of plan) console.log(`  ${String(row['QUERY PLAN'])}`);
  }
}

/**
 * Each first-page query's total beside the true number of its matches (counted by reading the whole
 * table once): exact up to the limit, an estimate above it that must be within 5 %.
 */
async function printAccuracy(bench: BenchDatabase, repository: RegistrationRepository) {
  console.log('\n总数与实际匹配条数（实际条数逐条扫描全表得出）：\n');
  const rows: string[][] = [];
  let worst = 0;
  for (const shape of SHAPES.filter((s) => !s.page && !s.queries.some((q) => q.sort))) {
    for (const q of shape.queries) {
      const page = await repository.search(RegistrationQuery.parse({ ...q, pageSize: 20 }));
      const conditions: string[] = [];
      const params: unknown[] = [];
      const add = (text: string, value: unknown) => {
        params.push(value);
        conditions.push(text.replace('?', `$${params.length}`));
      };
      if (q.keyword) add('search_text LIKE ?', `%${q.keyword.toLowerCase()}%`);
      if (q.company) add('lower(company) LIKE ?', `%${q.company.toLowerCase()}%`);
      if (q.province) add('province = ?', q.province);
      if (q.status) add('review_status = ?', q.status);
      const [truth] = await bench.raw(`SELECT count(*)::int AS n FROM registrations WHERE ${conditions.join(' AND ')}`, params);
      const actual = Number(truth!.n);
      const error = actual ? Math.abs(page.totalCount - actual) / actual : page.totalCount ? 1 : 0;
      if (!page.totalExact) worst = Math.max(worst, error);
      if (page.totalExact && page.totalCount !== actual) worst = Math.max(worst, 1);
      rows.push([JSON.stringify(q), page.totalCount.toLocaleString('en-US'), page.totalExact ? '精确' : '约', actual.toLocaleString('en-US'), `${(error * 100).toFixed(2)} %`]);
    }
  }
  for (const row of rows) console.log(`  ${row.join('  ')}`);
  console.log(`\n估计数的最大误差 ${(worst * 100).toFixed(2)} %${worst <= 0.05 ? '（≤ 5 %）' : '（超过 5 %）'}`);
}

/* --------------------------------------------------------------------------------------------- */

async function main() {
  const options = parseOptions();
  const bench = await openBenchDatabase(options);
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await bench.cleanUp();
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(code));
    });
  }
  try {
    const db = bench.database.db;
    const [version] = await selectRows<{ version: string }>(db, sql`SELECT version() AS version`);
    console.log(`数据库：${bench.description}\n${version!.version}\n${machineLine()}`);
    const [existing] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM registrations`);
    if (existing!.n < options.registrations) {
      console.log(`生成 ${options.registrations.toLocaleString('en-US')} 条登记信息…`);
      let last = 0;
      const report = await seedDemoContent(db, {
        scale: { registrations: options.registrations },
        reset: true,
        batchSize: 5_000,
        onProgress: (p) => {
          if (p.phase === 'registrations' && p.elapsedMs - last > 10_000) {
            last = p.elapsedMs;
            console.log(`  ${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')}（${(p.elapsedMs / 1000).toFixed(0)} s）`);
          }
          if (p.phase === 'indexes' && p.done === 0) console.log(`  建索引…（${(p.elapsedMs / 1000).toFixed(0)} s）`);
          if (p.phase === 'analyze') console.log(`  VACUUM (ANALYZE)…（${(p.elapsedMs / 1000).toFixed(0)} s）`);
        },
      });
      const rate = Math.round((options.registrations * 1000) / report.registrationMs);
      console.log(`生成完成：${(report.ms / 1000).toFixed(1)} s（登记信息含建索引 ${(report.registrationMs / 1000).toFixed(1)} s，${rate.toLocaleString('en-US')} 条/秒）`);
    } else {
      console.log(`使用已有的 ${existing!.n.toLocaleString('en-US')} 条登记信息`);
      await db.execute(sql`ANALYZE registrations`);
    }

    const repository = new RegistrationRepository(db, options.exactCount ? { exactCount: options.exactCount } : {});
    const cap = options.exactCount ?? REGISTRATION_EXACT_COUNT;
    console.log(`\n每种查询 ${options.repetitions} 次（每页 20 条，精确计数至 ${cap.toLocaleString('en-US')}，逐个执行，先各预热一次）：\n`);
    const results: ShapeResult[] = [];
    for (const shape of SHAPES) results.push(await measureShape(repository, shape, options.repetitions));
    printTable(results);
    console.log(`\n测量结束时 load avg ${loadAverage()}`);
    await explainTwoCharacterSearch(bench, options.exactCount);
    await printAccuracy(bench, repository);
    const slow = results.filter((r) => r.p95 >= 50);
    console.log(slow.length ? `\np95 ≥ 50 ms：${slow.map((r) => r.shape).join('、')}` : '\n所有查询的 p95 < 50 ms');
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(describeFailure(error, usage));
  process.exit(1);
});
