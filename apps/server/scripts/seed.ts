/**
 * Writes the demo content into the configured database (DATABASE_URL, or PGlite in DATA_DIR).
 *
 *   npm run seed -- [--registrations N] [--reset] [--seed N] [--batch N]
 *
 *   --registrations N  registration records to generate (default 5,000; up to 9,999,999)
 *   --reset            empty the public-information tables first (products, registration records,
 *                      standards, usage data, regulations, news, databases, and the favorites that
 *                      point at them); without it the command refuses to write into tables that
 *                      already hold content. Companies, price requests and sales orders are kept
 *                      (their lines keep the products' names, no longer linked to the catalogue)
 *   --seed N           another seed gives other (equally deterministic) content
 *   --batch N          registration records per INSERT statement (default 2,000)
 *
 * On a site without any company, price request or sales order, the demo's buying side is written too:
 * two verified companies with members, price requests in several states and a completed sales order,
 * dated back from now.
 *
 * Everything is written in one transaction. With PGlite, stop the server first: its data folder is
 * locked while it runs.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SCALE } from '../src/modules/demo/demo-content.js';
import { countPublicInformation } from '../src/modules/demo/demo.repository.js';
import { resolveScale, seedDemoContent, type SeedProgress } from '../src/modules/demo/demo-seed.js';
import { CONTENT_CHANGED } from '../src/db/signals.js';
import { CommandError, formatCount, openConfiguredDatabase } from './configured-database.js';

const usage = 'usage: npm run seed -- [--registrations N=5000] [--reset] [--seed N] [--batch N=2000]';

function parseOptions() {
  const { values } = parseArgs({
    options: {
      registrations: { type: 'string', default: String(DEFAULT_SCALE.registrations) },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string', default: String(DEFAULT_SCALE.seed) },
      batch: { type: 'string', default: '2000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const int = (name: string, raw: string, min: number) => {
    const value = Number(raw.replaceAll('_', ''));
    if (!Number.isInteger(value) || value < min) throw new CommandError(`--${name} 应为不小于 ${min} 的整数\n${usage}`);
    return value;
  };
  return {
    registrations: int('registrations', values.registrations, 0),
    seed: int('seed', values.seed, 0),
    batch: int('batch', values.batch, 1),
    reset: values.reset,
  };
}

async function main() {
  const options = parseOptions();
  const scale = resolveScale({ registrations: options.registrations, seed: options.seed });
  const { database, description } = await openConfiguredDatabase();
  try {
    console.log(`数据库：${description}`);
    if (!options.reset) {
      const existing = await countPublicInformation(database.db);
      if (Object.values(existing).some((n) => n > 0)) {
        throw new CommandError(
          `数据库中已有内容（产品 ${formatCount(existing.excipients)} 个、登记信息 ${formatCount(existing.registrations)} 条、` +
            `法规 ${formatCount(existing.regulations)} 条、资讯 ${formatCount(existing.news)} 条）。` +
            '加 --reset 先清空公开信息各表（含指向它们的收藏）再生成。',
        );
      }
    }
    console.log(`生成演示内容：登记信息 ${formatCount(scale.registrations)} 条${options.reset ? '（先清空公开信息各表）' : ''}`);
    let lastPrinted = 0;
    const onProgress = (p: SeedProgress) => {
      const seconds = p.elapsedMs / 1000;
      if (p.phase === 'catalogue') console.log(`  产品、标准、用量、法规、资讯已写入（${seconds.toFixed(1)} s）`);
      if (p.phase === 'registrations' && (p.done === p.total || p.elapsedMs - lastPrinted > 2000)) {
        lastPrinted = p.elapsedMs;
        console.log(`  登记信息 ${formatCount(p.done)} / ${formatCount(p.total)}（${Math.floor((100 * p.done) / p.total)}%，${seconds.toFixed(1)} s）`);
      }
      if (p.phase === 'indexes') console.log(p.done === 0 ? `  重建登记信息索引（${p.total} 个）…` : `  索引已重建（${seconds.toFixed(1)} s）`);
      if (p.phase === 'analyze') console.log(`  已提交，VACUUM (ANALYZE)…`);
    };
    const report = await seedDemoContent(database.db, { scale, batchSize: options.batch, reset: options.reset, onProgress });
    // Servers running on this database (PostgreSQL) drop the pages they cached of the content before.
    await database.signals.publish(CONTENT_CHANGED, 'demo seed');
    const c = report.counts;
    const perSecond = report.registrationMs > 0 ? Math.round((c.registrations * 1000) / report.registrationMs) : 0;
    console.log(
      `完成：产品 ${c.excipients}、登记信息 ${formatCount(c.registrations)}、药典标准 ${c.standards}、用量数据 ${c.usageRecords}、` +
        `法规 ${c.regulations}、资讯 ${c.news}` +
        (c.companies ? `；企业 ${c.companies}（成员 ${c.members}）、询价 ${c.quotes}、销售订单 ${c.salesOrders}` : '') +
        `；用时 ${(report.ms / 1000).toFixed(1)} s` +
        `（登记信息 ${(report.registrationMs / 1000).toFixed(1)} s，${formatCount(perSecond)} 条/秒，含建索引）`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof RangeError) console.error(error.message);
  else console.error('生成失败：', error);
  process.exit(1);
});
