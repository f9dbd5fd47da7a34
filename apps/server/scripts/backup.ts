/**
 * Writes a backup of the whole database (uploaded files included: they are in it) into BACKUP_DIR, with
 * the same environment variables as `npm start` (docs/decisions/0057):
 *
 *   npm run backup [-- --dir <folder>]
 *
 * One gzip file `fuliaotong-backup-<UTC time>.jsonl.gz`, mode 0600, written under a temporary name and
 * renamed when complete; the same format on both engines, restored with `npm run restore` into either.
 * On PostgreSQL the command connects itself (one consistent snapshot; the site keeps serving). On the
 * embedded database a running server holds the data: the server writes the file, asked through its
 * control channel (docs/decisions/0047); with no server running the command opens the data folder itself.
 * It removes no older backups (the server's scheduled ones keep BACKUP_KEEP).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmptyDatabaseError, writeBackup, type BackupOutcome } from '../src/db/backup/write-backup.js';
import { embeddedDatabaseDir } from '../src/config/config.js';
import type { ControlRequest } from '../src/control/control-commands.js';
import { askControlSocket, ControlChannelError } from '../src/control/control-socket.js';
import { CommandError, commandConfig, DataDirInUseError, formatCount, openConfiguredDatabase } from './configured-database.js';

const usage = 'usage: npm run backup [-- --dir <备份目录>]（默认为 BACKUP_DIR）';
/** How long the command waits for the running server's answer (a large database takes minutes). */
const SERVER_TIMEOUT_MS = 6 * 60 * 60 * 1000;

function backupDir(): string {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, strict: true });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const dir = values.dir ?? commandConfig().BACKUP_DIR;
  if (!dir) throw new CommandError(`请设置 BACKUP_DIR（备份存放的目录，放在 DATA_DIR 之外），或用 --dir 指定\n${usage}`);
  return path.resolve(dir);
}

function report(outcome: BackupOutcome): string {
  return (
    `已写入备份 ${outcome.file}\n` +
    `  ${outcome.tables} 张表，${formatCount(outcome.rows)} 行，${(outcome.bytes / 1024 / 1024).toFixed(1)} MB，` +
    `数据库结构到迁移 ${outcome.migration}，用时 ${(outcome.ms / 1000).toFixed(1)} 秒`
  );
}

async function askRunningServer(dataDir: string, dir: string): Promise<BackupOutcome> {
  const request: ControlRequest = { command: 'backup', dir };
  let answer;
  try {
    answer = await askControlSocket(dataDir, request, SERVER_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ControlChannelError) throw new CommandError(`数据库正由运行中的服务器使用，但无法通过控制通道交给它备份：${error.message}`);
    throw error;
  }
  if (!answer.ok) throw new CommandError(answer.message);
  return answer.answer as BackupOutcome;
}

async function main() {
  const dir = backupDir();
  const config = commandConfig();
  const pgdata = path.join(embeddedDatabaseDir(config), 'pgdata');
  if (!config.DATABASE_URL && !existsSync(pgdata)) throw new CommandError(`数据目录 ${config.DATA_DIR} 中没有数据库（${pgdata}），没有可备份的内容`);
  let opened;
  try {
    opened = await openConfiguredDatabase({ migrate: false });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log('数据库：运行中的服务器（通过数据目录中的控制通道，由服务器写入备份）');
    console.log(report(await askRunningServer(error.dataDir, dir)));
    return;
  }
  const { database, description } = opened;
  try {
    console.log(`数据库：${description}`);
    console.log(report(await writeBackup(database, dir)));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof EmptyDatabaseError) console.error(error.message);
  else if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${usage}`);
  else console.error('备份失败：', error);
  process.exit(1);
});
