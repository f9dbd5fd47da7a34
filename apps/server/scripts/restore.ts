/**
 * Restores a backup of `npm run backup` (or of the server's scheduled backups) into the configured
 * database, which must be empty: the same environment variables as `npm start` (docs/decisions/0057).
 *
 *   npm run restore -- <backup file>
 *
 *   DATABASE_URL set → that PostgreSQL database (and DATABASE_SCHEMA), which must hold no tables
 *   otherwise        → PGlite in DATA_DIR/db, which must not hold a database yet
 *
 * A backup of either engine restores into either: moving from the embedded database to PostgreSQL is a
 * backup of the one and a restore into the other. The schema is rebuilt up to the backup's migration;
 * a newer server migrates the rest when it starts. A backup made by a newer version is refused.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDatabaseDir } from '../src/config/config.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { restoreBackup, RestoreRefusedError, type RestoreTarget } from '../src/db/backup/restore-backup.js';
import { CommandError, commandConfig, describePostgres, formatCount } from './configured-database.js';

const usage = 'usage: npm run restore -- <备份文件>';

async function main() {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h', default: false } }, strict: true, allowPositionals: true });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new CommandError(`请给出一个备份文件\n${usage}`);
  const file = path.resolve(positionals[0]!);
  const config = commandConfig();
  const target: RestoreTarget = config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA }
    : { kind: 'pglite', dataDir: embeddedDatabaseDir(config) };
  const description = target.kind === 'postgres' ? describePostgres(target.url, target.schema) : `PGlite ${target.dataDir}`;
  console.log(`恢复 ${file}\n  到 ${description}`);
  let restored;
  try {
    restored = await restoreBackup(file, target, (table, rows) => {
      if (rows >= 10_000) console.log(`  ${table}：${formatCount(rows)} 行`);
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CommandError(`${error.message}\n恢复只写入空的数据目录：请停止该进程，或把 DATA_DIR 指向一个新目录`);
    if (target.kind === 'postgres' && !(error instanceof RestoreRefusedError)) {
      console.error('恢复失败，没有写入任何数据；数据库中可能已按迁移建好了空表：请删除该数据库（或 schema）后重试。');
    }
    throw error;
  }
  const { database, header, rows, ms } = restored;
  await database.close();
  console.log(
    `恢复完成：${header.tables.length} 张表，${formatCount(rows)} 行，用时 ${(ms / 1000).toFixed(1)} 秒。\n` +
      `  备份制作于 ${header.createdAt}（${header.engine === 'pglite' ? '内嵌数据库' : 'PostgreSQL'}），数据库结构到迁移 ${header.migration.tag ?? header.migration.when}；` +
      '启动服务时会照常执行本版本更新的迁移。\n' +
      '  备份不含登录令牌的签名密钥：新机器上请设置与原网站相同的 JWT_SECRET（或复制原 DATA_DIR 中的 jwt-secret），否则用户需要重新登录。',
  );
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof RestoreRefusedError) console.error(error.message);
  else if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${usage}`);
  else console.error('恢复失败：', error);
  process.exit(1);
});
