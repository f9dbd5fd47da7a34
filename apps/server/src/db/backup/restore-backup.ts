import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { committedMigrations, openDatabase, selectRows, type Database, type Db } from '../database.js';
import { backupTables } from './backup-catalog.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupEnd, BackupHeader, BackupSection } from './backup-format.js';

/** A restore that cannot or must not go ahead; the message tells the operator why (Chinese). */
export class RestoreRefusedError extends Error {}

/** Where a restore writes: a PostgreSQL database (and schema), or PGlite in a data folder (or in memory, tests). */
export type RestoreTarget = { kind: 'postgres'; url: string; schema?: string } | { kind: 'pglite'; dataDir?: string };

export interface RestoreOutcome {
  /** The restored database, open (the caller closes it). */
  database: Database;
  header: BackupHeader;
  rows: number;
  ms: number;
}

/** Rows per INSERT, and at most this many characters of JSON in one. */
const ROWS_PER_INSERT = 2000;
const CHARS_PER_INSERT = 8 * 1024 * 1024;

/** The lines of a backup file, uncompressed; a damaged or cut file fails the iteration (never an uncaught error). */
async function* backupLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** The header of a backup (its first line), checked. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    return parseHeader((await lines.next()).value as string | undefined, file);
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    throw new RestoreRefusedError(`${file} 不是可读的备份文件（${(error as Error).message}）`);
  } finally {
    await lines.return(undefined);
  }
}

function parseHeader(line: string | undefined, file: string): BackupHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line ?? '');
  } catch {
    throw new RestoreRefusedError(`${file} 不是辅料通的备份文件（第一行不是备份说明）`);
  }
  const header = BackupHeader.safeParse(parsed);
  if (!header.success || header.data.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${file} 不是辅料通的备份文件`);
  if (header.data.version > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(`备份文件格式为第 ${header.data.version} 版，本程序只认识到第 ${BACKUP_FORMAT_VERSION} 版：请用更新版本的程序恢复`);
  }
  return header.data;
}

/** Refuses a backup whose schema this code does not know: made by a newer version, or by another line of it. */
async function checkMigration(header: BackupHeader): Promise<void> {
  const known = await committedMigrations();
  const newest = known[known.length - 1]!;
  const name = header.migration.tag ?? `（${new Date(header.migration.when).toISOString()} 的迁移）`;
  if (header.migration.when > newest.when) {
    throw new RestoreRefusedError(
      `备份由更新版本的程序制作（数据库结构到迁移 ${name}，本程序最新的迁移是 ${newest.tag}）：请用不低于制作备份的版本恢复`,
    );
  }
  if (!known.some((entry) => entry.when === header.migration.when)) {
    throw new RestoreRefusedError(`备份的数据库结构（迁移 ${name}）不在本程序的迁移记录中，无法恢复`);
  }
}

/**
 * Refuses a target that holds anything: a restore writes into an empty data folder or an empty
 * database only, never over data. Checked before the target is opened (opening migrates it).
 */
export async function checkTargetEmpty(target: RestoreTarget): Promise<void> {
  if (target.kind === 'pglite') {
    if (!target.dataDir) return;
    const pgdata = path.join(target.dataDir, 'pgdata');
    const entries = await fs.readdir(pgdata).catch(() => []);
    if (entries.length > 0) {
      throw new RestoreRefusedError(
        `数据目录中已有数据库（${pgdata}）。恢复只写入空的数据目录：请把 DATA_DIR 指向一个新目录，或先移走 ${target.dataDir}`,
      );
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const schema = target.schema ?? ((await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? 'public');
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.relname`,
      [schema],
    );
    const migrations = target.schema
      ? []
      : (await client.query<{ found: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`)).rows.filter((row) => row.found);
    if (rows.length > 0 || migrations.length > 0) {
      const names = rows.map((row) => row.name);
      const found = names.length > 0
        ? `schema ${schema} 中已有 ${names.length} 张表（${names.slice(0, 5).join('、')}${names.length > 5 ? ' 等' : ''}）`
        : '已有迁移记录 drizzle.__drizzle_migrations';
      const where = new URL(target.url);
      throw new RestoreRefusedError(
        `目标数据库 ${where.host}${where.pathname} 不是空的：${found}。恢复只写入空数据库：请新建一个数据库（createdb），或用 DATABASE_SCHEMA 指定一个新的 schema`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty target (docs/decisions/0057): checks the backup and the target,
 * builds the schema with the committed migrations up to the backup's (a newer server migrates the rest
 * when it starts, as usual), loads every table's rows in foreign-key order and sets the sequences, all
 * in one transaction, then checks each table's row count against the header.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  onTable?: (table: string, rows: number) => void,
): Promise<RestoreOutcome> {
  const started = performance.now();
  const header = await readBackupHeader(file);
  await checkMigration(header);
  await checkTargetEmpty(target);
  const createdFolder = target.kind === 'pglite' && target.dataDir ? !(await exists(target.dataDir)) : false;
  const database = await openDatabase({ ...target, migrateUpTo: header.migration.when });
  try {
    await checkColumns(database.db, header);
    const rows = await database.db.transaction(async (tx) => loadRows(tx, file, header, onTable));
    await database.db.execute(sql`ANALYZE`);
    return { database, header, rows, ms: performance.now() - started };
  } catch (error) {
    await database.close();
    // A data folder this restore made is removed again; a PostgreSQL target keeps the empty tables the
    // migrations made (the caller says so): nothing else of it was written.
    if (target.kind === 'pglite' && target.dataDir) {
      if (createdFolder) await fs.rm(target.dataDir, { recursive: true, force: true });
      else await fs.rm(path.join(target.dataDir, 'pgdata'), { recursive: true, force: true });
    }
    throw error;
  }
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** The schema the migrations built must hold the backup's columns, table by table. */
async function checkColumns(db: Db, header: BackupHeader): Promise<void> {
  const tables = new Map((await backupTables(db)).map((table) => [table.name, table.columns]));
  for (const table of header.tables) {
    const columns = tables.get(table.name);
    const missing = columns ? table.columns.filter((column) => !columns.includes(column)) : table.columns;
    if (!columns || missing.length > 0) {
      throw new RestoreRefusedError(`备份中的表 ${table.name} 与按迁移建出的结构不一致（缺少 ${columns ? missing.join('、') : '整张表'}），无法恢复`);
    }
  }
}

async function loadRows(db: Db, file: string, header: BackupHeader, onTable?: (table: string, rows: number) => void): Promise<number> {
  const lines = backupLines(file);
  const next = async (what: string): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new RestoreRefusedError(`备份文件不完整：在${what}处结束`);
    return line.value;
  };
  let total = 0;
  // The migrations write a few rows of their own (the plans, the form dictionary): the backup's replace them.
  for (const table of [...header.tables].reverse()) await db.execute(sql`DELETE FROM ${sql.identifier(table.name)}`);
  try {
    await next('说明');
    for (const table of header.tables) {
      const section = BackupSection.safeParse(JSON.parse(await next(`表 ${table.name} 之前`)));
      if (!section.success || section.data.table !== table.name) throw new RestoreRefusedError(`备份文件损坏：表 ${table.name} 的数据不在应在的位置`);
      const insert = insertInto(db, table.name, table.columns, await hasIdentityAlways(db, table.name));
      let batch: string[] = [];
      let chars = 0;
      for (let i = 0; i < table.rows; i++) {
        const line = await next(`表 ${table.name} 的第 ${i + 1} 行`);
        batch.push(line);
        chars += line.length;
        if (batch.length >= ROWS_PER_INSERT || chars >= CHARS_PER_INSERT) {
          await insert(batch);
          batch = [];
          chars = 0;
        }
      }
      if (batch.length > 0) await insert(batch);
      total += table.rows;
      onTable?.(table.name, table.rows);
    }
    const end = BackupEnd.safeParse(JSON.parse(await next('结尾')));
    if (!end.success) throw new RestoreRefusedError('备份文件损坏：结尾不是序列的取值');
    for (const sequence of end.data.sequences) {
      await db.execute(sql`SELECT pg_catalog.setval(quote_ident(${sequence.name})::regclass, ${sequence.value}::bigint, ${sequence.called})`);
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new RestoreRefusedError(`备份文件损坏：${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' || (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new RestoreRefusedError(`备份文件不完整或已损坏（${(error as Error).message}）`);
    }
    throw error;
  } finally {
    await lines.return(undefined);
  }
  // Every row went in: the counts the header promised are what the tables hold now.
  for (const table of header.tables) {
    const [row] = await selectRows<{ rows: string }>(db, sql`SELECT count(*)::text AS rows FROM ${sql.identifier(table.name)}`);
    const rows = Number(row!.rows);
    if (rows !== table.rows) throw new Error(`table ${table.name} holds ${rows} rows after the restore, the backup ${table.rows}`);
  }
  return total;
}

async function hasIdentityAlways(db: Db, table: string): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute WHERE attrelid = quote_ident(${table})::regclass AND attidentity = 'a') AS found`,
  );
  return row!.found;
}

/** An INSERT of a batch of rows (each a JSON object of the backup) into `table`, through json_populate_recordset. */
function insertInto(db: Db, table: string, columns: string[], overriding: boolean) {
  const list = sql.join(columns.map((column) => sql.identifier(column)), sql`, `);
  const override = overriding ? sql` OVERRIDING SYSTEM VALUE` : sql``;
  return async (batch: string[]) => {
    try {
      await db.execute(
        sql`INSERT INTO ${sql.identifier(table)} (${list})${override} SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
      );
    } catch (error) {
      // The query's parameters are the rows: name the table and the database's reason, not the data.
      const cause = (error as { cause?: Error }).cause ?? (error as Error);
      throw new Error(`restoring the rows of ${table} failed: ${cause.message}`, { cause: error });
    }
  };
}
