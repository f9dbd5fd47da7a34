import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseKind } from '@fuliaotong/contracts';
import { committedMigrations, selectRows, type Db } from '../database.js';
import { appliedMigration, backupTables, sequenceValues, type BackupTable } from './backup-catalog.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, backupFileName, partialFileName, type BackupEnd, type BackupHeader } from './backup-format.js';

/** What a backup is made from: the open database, its engine and where it records its migrations. */
export interface BackupSource {
  db: Db;
  kind: DatabaseKind;
  migrationsSchema: string;
}

export interface BackupOutcome {
  /** The backup's absolute path. */
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  ms: number;
  /** The newest migration of the database backed up (its file's name). */
  migration: string;
}

/** The database was never migrated: there is nothing to back up. */
export class EmptyDatabaseError extends Error {}

/** Rows read per round trip; tables with stored files (bytea) are read a few at a time. */
const ROWS_PER_FETCH = 2000;
const WIDE_ROWS_PER_FETCH = 16;

/**
 * Writes a backup of the whole database into `dir` (docs/decisions/0057): every table's rows and the
 * sequences, read in one REPEATABLE READ READ ONLY transaction (one consistent moment; writers are
 * not held up on PostgreSQL, while on PGlite, one connection, other queries wait until it ends),
 * gzip-compressed, written under a temporary name, flushed to disk and then renamed (mode 0600).
 */
export async function writeBackup(source: BackupSource, dir: string, now = new Date()): Promise<BackupOutcome> {
  const started = performance.now();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = backupFileName(now);
  const file = path.resolve(dir, name);
  const partial = path.resolve(dir, partialFileName(name));
  let totals: { tables: number; rows: number; migration: string };
  try {
    totals = await source.db.transaction(
      async (tx) => {
        const snapshot = await readSnapshotHeader(tx, source, now);
        await pipeline(
          backupLines(tx, snapshot.header, snapshot.tables),
          createGzip({ level: 6 }),
          createWriteStream(partial, { mode: 0o600, flags: 'wx', flush: true }),
        );
        return {
          tables: snapshot.tables.length,
          rows: snapshot.header.tables.reduce((sum, table) => sum + table.rows, 0),
          migration: snapshot.header.migration.tag ?? String(snapshot.header.migration.when),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await fs.rename(partial, file);
    await syncFolder(dir);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.stat(file);
  return { file, bytes: size, ...totals, ms: performance.now() - started };
}

async function readSnapshotHeader(db: Db, source: BackupSource, now: Date): Promise<{ header: BackupHeader; tables: BackupTable[] }> {
  const tables = await backupTables(db);
  const applied = await appliedMigration(db, source.migrationsSchema);
  if (!applied) throw new EmptyDatabaseError('数据库是空的（还没有执行过迁移），没有可备份的内容');
  const known = (await committedMigrations()).find((entry) => entry.when === applied.when);
  const counted: BackupHeader['tables'] = [];
  for (const table of tables) {
    const [row] = await selectRows<{ rows: string }>(db, sql`SELECT count(*)::text AS rows FROM ${sql.identifier(table.name)}`);
    counted.push({ name: table.name, columns: table.columns, rows: Number(row!.rows) });
  }
  return {
    tables,
    header: {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      engine: source.kind,
      createdAt: now.toISOString(),
      migration: { ...(known ? { tag: known.tag } : {}), when: applied.when, hash: applied.hash },
      tables: counted,
    },
  };
}

const columnList = (columns: string[]): SQL => sql.join(columns.map((column) => sql.identifier(column)), sql`, `);

/** The backup's lines, read table by table through a cursor (a bounded number of rows in memory at a time). */
async function* backupLines(db: Db, header: BackupHeader, tables: BackupTable[]): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const table of tables) {
    yield `${JSON.stringify({ table: table.name })}\n`;
    const order = table.primaryKey.length > 0 ? sql` ORDER BY ${columnList(table.primaryKey)}` : sql``;
    await db.execute(
      sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS line FROM (SELECT ${columnList(table.columns)} FROM ${sql.identifier(table.name)}${order}) r`,
    );
    const fetch = sql.raw(`FETCH ${table.wide ? WIDE_ROWS_PER_FETCH : ROWS_PER_FETCH} FROM backup_rows`);
    for (;;) {
      const rows = await selectRows<{ line: string }>(db, fetch);
      if (rows.length === 0) break;
      let chunk = '';
      for (const { line } of rows) {
        // row_to_json escapes line breaks inside strings and prints no other (the schema has no `json` columns kept as typed).
        if (line.includes('\n')) throw new Error(`a row of ${table.name} prints a line break: it cannot be one line of the backup`);
        chunk += `${line}\n`;
      }
      yield chunk;
    }
    await db.execute(sql`CLOSE backup_rows`);
  }
  const end: BackupEnd = { end: true, sequences: await sequenceValues(db) };
  yield `${JSON.stringify(end)}\n`;
}

/** Makes the rename durable (the folder's entry), where the platform can. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  try {
    await handle?.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the file itself was flushed before the rename.
  } finally {
    await handle?.close();
  }
}
