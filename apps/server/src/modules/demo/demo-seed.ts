/**
 * Writes the demo content into a database: automatically on the first start (empty database), and
 * at any scale from `npm run seed`. Everything is written in one transaction, so a seed that fails
 * leaves nothing behind; rows go in as batched multi-row inserts.
 *
 * The demo content is the public information and, on a site without any company, price request or
 * sales order, its buying side (demo-buying.ts): two verified companies with members, price requests
 * in several states and a completed sales order, on the catalogue just written.
 *
 * For large registration sets (≥ DEFER_INDEXES_FROM records into an empty table) the table's
 * secondary indexes are dropped before the load and rebuilt after it, inside the same transaction:
 * building a GIN index once is many times faster than maintaining it row by row.
 */
import type { Db } from '../../db/database.js';
import { generateNews, generateRegulations } from './demo-articles.js';
import { seedBuyingContent } from './demo-buying.js';
import { addDays, beijingDay } from '../../shared/beijing-time.js';
import { DEMO_CHANGE_NOTICE } from './demo-change-notice.js';
import { seedDemoBatches } from './demo-batches.js';
import { DEMO_CONFIDENTIALITY_AGREEMENT } from './demo-confidentiality.js';
import {
  DEFAULT_SCALE,
  DEMO_DATABASES,
  MAX_REGISTRATIONS,
  generateExcipients,
  generateStandards,
  generateUsageRecords,
  registrationRange,
  type DemoScale,
} from './demo-content.js';
import {
  createIndexes,
  dropIndexes,
  hasBuyingActivity,
  hasPublicInformation,
  hasRegistrations,
  insertDatabases,
  insertExcipients,
  insertFirstAgreement,
  insertFirstChangeNotice,
  insertNews,
  insertRegistrations,
  insertRegulations,
  insertStandards,
  insertUsageRecords,
  lockSeeding,
  secondaryIndexes,
  truncatePublicInformation,
  vacuumAnalyze,
  type Executor,
} from './demo.repository.js';

export const DEFER_INDEXES_FROM = 50_000;

export interface SeedProgress {
  phase: 'catalogue' | 'registrations' | 'indexes' | 'analyze';
  done: number;
  total: number;
  elapsedMs: number;
}

export interface SeedOptions {
  scale?: Partial<DemoScale>;
  /** Registration records per INSERT statement. */
  batchSize?: number;
  /** Only seed when every public-information table is empty; otherwise answer `skipped`. */
  onlyIfEmpty?: boolean;
  /** Empty the public-information tables (and favorites) first, in the same transaction. */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
  /** Rebuild the registration indexes after the load from this many records on (default DEFER_INDEXES_FROM). */
  deferIndexesFrom?: number;
}

export interface SeedReport {
  skipped: boolean;
  scale: DemoScale;
  counts: {
    excipients: number;
    registrations: number;
    standards: number;
    usageRecords: number;
    regulations: number;
    news: number;
    /** The buying side written (0 when left out or already there). */
    companies: number;
    members: number;
    quotes: number;
    salesOrders: number;
  };
  ms: number;
  registrationMs: number;
}

export function resolveScale(partial: Partial<DemoScale> = {}): DemoScale {
  const scale = { ...DEFAULT_SCALE, ...partial };
  for (const [key, value] of Object.entries(scale)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${key} must be a whole number ≥ 0`);
  }
  if (scale.registrations > MAX_REGISTRATIONS) throw new RangeError(`registrations must be at most ${MAX_REGISTRATIONS}`);
  return scale;
}

export async function seedDemoContent(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const scale = resolveScale(options.scale);
  const batchSize = options.batchSize ?? 2_000;
  const started = performance.now();
  const progress = (phase: SeedProgress['phase'], done: number, total: number) =>
    options.onProgress?.({ phase, done, total, elapsedMs: performance.now() - started });
  let registrationMs = 0;
  let counts: SeedReport['counts'] = { excipients: 0, registrations: 0, standards: 0, usageRecords: 0, regulations: 0, news: 0, companies: 0, members: 0, quotes: 0, salesOrders: 0 };

  const seeded = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (options.reset) await truncatePublicInformation(tx);
    if (options.onlyIfEmpty) {
      if (await hasPublicInformation(tx)) return false;
    }
    const excipients = generateExcipients(scale);
    const standards = generateStandards(scale);
    const usageRecords = generateUsageRecords(scale);
    const regulations = generateRegulations(scale);
    const news = generateNews(scale);
    await insertDatabases(tx, DEMO_DATABASES);
    await insertExcipients(tx, excipients);
    await insertStandards(tx, standards);
    await insertUsageRecords(tx, usageRecords);
    await insertRegulations(tx, regulations);
    await insertNews(tx, news);
    progress('catalogue', 1, 1);
    const registrationsStarted = performance.now();
    await loadRegistrations(tx, scale, batchSize, options.deferIndexesFrom ?? DEFER_INDEXES_FROM, progress);
    registrationMs = performance.now() - registrationsStarted;
    // The buying side, on a site that has none yet (`reset` leaves companies, requests and orders alone).
    const buying = (await hasBuyingActivity(tx)) ? null : await seedBuyingContent(tx, new Date());
    // The first 保密协议, on a site that has published none.
    await insertFirstAgreement(tx, DEMO_CONFIDENTIALITY_AGREEMENT, new Date());
    // A published change notice, on a site that has none.
    const now = new Date();
    await insertFirstChangeNotice(tx, { ...DEMO_CHANGE_NOTICE, effectiveOn: addDays(beijingDay(now), DEMO_CHANGE_NOTICE.effectiveInDays) }, now);
    // Batches of the featured products with their results (on a site that has none of those numbers).
    await seedDemoBatches(tx);
    counts = {
      excipients: excipients.length,
      registrations: scale.registrations,
      standards: standards.length,
      usageRecords: usageRecords.length,
      regulations: regulations.length,
      news: news.length,
      companies: buying?.companies ?? 0,
      members: buying?.members ?? 0,
      quotes: buying?.quotes ?? 0,
      salesOrders: buying?.salesOrders ?? 0,
    };
    return true;
  });
  if (seeded) {
    progress('analyze', 0, 1);
    await vacuumAnalyze(db, ['excipients', 'excipient_specs', 'excipient_documents', 'excipient_safety_data', 'registrations', 'standards', 'usage_records', 'regulations', 'news']);
  }
  return { skipped: !seeded, scale, counts, ms: performance.now() - started, registrationMs };
}

async function loadRegistrations(
  tx: Executor,
  scale: DemoScale,
  batchSize: number,
  deferIndexesFrom: number,
  progress: (phase: SeedProgress['phase'], done: number, total: number) => void,
) {
  const total = scale.registrations;
  const deferred = total >= deferIndexesFrom && !(await hasRegistrations(tx));
  const indexes = deferred ? await secondaryIndexes(tx, 'registrations') : [];
  await dropIndexes(tx, indexes);
  for (let from = 0; from < total; from += batchSize) {
    await insertRegistrations(tx, registrationRange(scale, from, from + batchSize));
    progress('registrations', Math.min(from + batchSize, total), total);
    // Let timers and I/O run between batches (PGlite works on this thread).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (indexes.length) {
    progress('indexes', 0, indexes.length);
    await createIndexes(tx, indexes);
    progress('indexes', indexes.length, indexes.length);
  }
}
