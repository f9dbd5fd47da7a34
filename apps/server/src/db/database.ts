import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseKind } from '@fuliaotong/contracts';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';
import { InProcessSignalBus, PostgresSignalBus, type SignalBus } from './signals.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Signals between the server processes on this database (docs/decisions/0030). */
  signals: SignalBus;
  /** Flushes what was acknowledged to disk and releases every resource (and the data-dir lock). */
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; /** Isolates tests: tables and migrations live in this schema. */ schema?: string }
  | {
      kind: 'pglite';
      /** A folder on disk, or undefined for an in-memory database (tests). */
      dataDir?: string;
      /** Starts from a copy of another database (a `dumpDataDir` tarball) instead of an empty one (tests). */
      loadDataDir?: Blob;
    };

/** The committed migrations, applied by `openDatabase` (and by the test template database). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.schema)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, searchSchema?: string): Promise<Database> {
  if (searchSchema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${searchSchema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchSchema ? { options: `-c search_path="${searchSchema}"` } : {}),
  });
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder, ...(searchSchema ? { migrationsSchema: searchSchema } : {}) });
  const signals = new PostgresSignalBus({ url, schema: searchSchema }, pool);
  return {
    kind: 'postgres',
    db,
    signals,
    async close() {
      await signals.close();
      await pool.end();
    },
  };
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
    try {
      client = await PGlite.create(path.join(dataDir, 'pgdata'));
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    await release?.();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    // One process owns a PGlite database: its signals never leave it.
    signals: new InProcessSignalBus(),
    async close() {
      try {
        if (dataDir) await db.execute(sql`CHECKPOINT`);
        await client.close();
      } finally {
        await release?.();
      }
    },
  };
}

/** Runs a raw SQL query and answers its rows; both drivers put them in `rows`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
