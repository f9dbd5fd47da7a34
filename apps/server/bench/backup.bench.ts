/**
 * Backup and restore time and size (docs/decisions/0057) on the database in use, at the demo content's
 * scale or with more registration records:
 *
 *   DATABASE_URL set → PostgreSQL: the source in a schema of its own, restored into another (both dropped)
 *   otherwise        → PGlite: the source and the restored copy in temporary folders (removed)
 *
 *   npm run bench:backup -- [--registrations N=5000]
 *
 * Seeds the demo content with N registration records, writes a backup (writeBackup, as `npm run backup`
 * and the scheduled job do), restores it into an empty database (restoreBackup, as `npm run restore`),
 * and prints the time of each, the file's size, and how long a query sent 50 ms into the backup
 * waited (on PGlite, one connection, the site's queries wait for the backup's transaction).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { restoreBackup, type RestoreTarget } from '../src/db/backup/restore-backup.js';
import { writeBackup } from '../src/db/backup/write-backup.js';
import { openDatabase, selectRows } from '../src/db/database.js';
import { seedDemoContent } from '../src/modules/demo/demo-seed.js';
import { describeFailure, loadAverage, machineLine, parseBenchArgs } from './bench-args.js';

const usage = 'usage: npm run bench:backup -- [--registrations N=5000]';

async function main() {
  const options = parseBenchArgs(usage, { registrations: { type: 'integer', default: 5_000, min: 1 } });
  const url = process.env.DATABASE_URL;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bench-backup-'));
  const suffix = randomBytes(4).toString('hex');
  const sourceSchema = `bench_backup_${suffix}`;
  const targetSchema = `bench_restore_${suffix}`;
  const source = await openDatabase(url ? { kind: 'postgres', url, schema: sourceSchema } : { kind: 'pglite', dataDir: path.join(work, 'source') });
  const target: RestoreTarget = url ? { kind: 'postgres', url, schema: targetSchema } : { kind: 'pglite', dataDir: path.join(work, 'restored') };
  try {
    const [version] = await selectRows<{ version: string }>(source.db, sql`SELECT version() AS version`);
    console.log(`数据库：${source.kind}\n${version!.version}\n${machineLine()}`);
    const seeded = await seedDemoContent(source.db, { scale: { registrations: options.registrations }, batchSize: 5_000 });
    console.log(`演示内容（登记信息 ${options.registrations.toLocaleString('en-US')} 条）生成：${(seeded.ms / 1000).toFixed(1)} s`);

    // A query of the site sent while the backup runs: how long it waits.
    const backupDone = writeBackup(source, path.join(work, 'backups'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const probeStart = performance.now();
    await selectRows(source.db, sql`SELECT 1`);
    const probeMs = performance.now() - probeStart;
    const backup = await backupDone;
    console.log(
      `备份：${(backup.ms / 1000).toFixed(1)} s，${(backup.bytes / 1024 / 1024).toFixed(1)} MB，${backup.tables} 张表 ${backup.rows.toLocaleString('en-US')} 行；` +
        `备份开始 50 ms 后发出的查询等了 ${probeMs.toFixed(0)} ms`,
    );
    const restored = await restoreBackup(backup.file, target);
    await restored.database.close();
    console.log(`恢复（含按迁移建表、载入、建索引与 ANALYZE）：${(restored.ms / 1000).toFixed(1)} s`);
    console.log(`load avg ${loadAverage()}`);
  } finally {
    if (url) {
      await source.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${sourceSchema}" CASCADE`));
      await source.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${targetSchema}" CASCADE`));
    }
    await source.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(describeFailure(error, usage));
  process.exit(1);
});
