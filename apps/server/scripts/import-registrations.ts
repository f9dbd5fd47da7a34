/**
 * Imports CDE registration records (原辅包登记信息) from a CSV file into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR — stop the server first, its data folder is locked).
 *
 *   npm run import:registrations -- path/to/file.csv
 *
 * The file: UTF-8 (with or without BOM), a header row with the CDE column names in any order
 * (登记号,品种名称,企业名称,企业地址,省份,产品来源,规格,包装规格,类型,与制剂共同审评审批结果,更新日期,备注).
 * Valid rows are inserted, or replace the stored record with the same 登记号; when a 登记号 occurs
 * more than once in the file the last valid row wins. Prints rows accepted and rows rejected with
 * their line numbers and reasons. Exit code 0 when the file could be read (even with rejected rows),
 * 1 when it could not (missing, not UTF-8, broken quoting, missing columns) or the database failed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CsvFormatError, readRegistrationCsv } from '../src/modules/registration-import/registration-csv.js';
import { formatImportReport, writeRegistrationCsv } from '../src/modules/registration-import/registration-import.js';
import { CONTENT_CHANGED } from '../src/db/signals.js';
import { CommandError, openConfiguredDatabase } from './configured-database.js';

const usage = 'usage: npm run import:registrations -- path/to/file.csv';

async function main() {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (positionals.length !== 1) throw new CommandError(`请指定一个 CSV 文件。\n${usage}`);
  // npm runs scripts from the repository root; a relative path means the caller's folder.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  let content: Buffer;
  try {
    content = await fs.readFile(file);
  } catch (error) {
    throw new CommandError(`无法读取文件 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let csv;
  try {
    csv = readRegistrationCsv(content);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new CommandError(`${file}：${error.message}`);
    throw error;
  }
  const { database, description } = await openConfiguredDatabase();
  try {
    console.log(`导入 ${file} → ${description}`);
    const result = await writeRegistrationCsv(database.db, csv);
    // Servers running on this database (PostgreSQL) drop the pages they cached of the records before.
    await database.signals.publish(CONTENT_CHANGED, 'registration import');
    console.log(formatImportReport(result));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof CommandError ? error.message : error);
  process.exit(1);
});
