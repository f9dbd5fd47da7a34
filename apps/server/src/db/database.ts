import fs from 'node:fs/promises';
import os from 'node:os';
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
import { InProcessSignalBus, PostgresSignalBus, type SignalBus } from './signals.js';

/** The database handle (queries are built from each module's tables; no relational schema is registered). */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Signals between the server processes on this database (docs/decisions/0030). */
  signals: SignalBus;
  /** The schema of drizzle's record of applied migrations (`__drizzle_migrations`). */
  migrationsSchema: string;
  /** The connection pool as it is now (PostgreSQL; PGlite is one connection inside the process and has none). */
  poolUse?: () => PoolUse;
  /** Flushes what was acknowledged to disk and releases every resource (and the data-dir lock). */
  close(): Promise<void>;
}

/** A process's connections to PostgreSQL: open ones, those of them idle, queries waiting for one, and the bound. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; /** Isolates tests: tables and migrations live in this schema. */ schema?: string }
  | {
      kind: 'pglite';
      /** A folder on disk, or undefined for an in-memory database (tests). */
      dataDir?: string;
      /** Starts from a copy of another database (a `dumpDataDir` tarball) instead of an empty one (tests). */
      loadDataDir?: Blob;
    }
) & {
  /**
   * Applies the committed migrations only up to the one made at this moment (its `when`), not the
   * newest: a restore rebuilds the schema at the backup's level (docs/decisions/0057).
   */
  migrateUpTo?: number;
  /** false: opens the database as it is, without migrating it (a backup of a database a newer version migrated). */
  migrate?: boolean;
};

/**
 * Connections of a process to PostgreSQL. A request makes at most a few queries one after the other,
 * so a process rarely has more than a handful in use; ten per process leaves room for a burst and, with
 * one process per core, stays well below PostgreSQL's default of 100 connections on a few hosts
 * (docs/decisions/0032).
 */
const POOL_SIZE = 10;

/** The committed migrations, applied by `openDatabase` (and by the test template database). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Where drizzle's migrator records what it applied, unless a schema of its own is given. */
const DEFAULT_MIGRATIONS_SCHEMA = 'drizzle';

/** A committed migration as the journal lists it: its file's name and when it was made (drizzle's `created_at`). */
export interface MigrationEntry {
  tag: string;
  when: number;
}

let journal: Promise<MigrationEntry[]> | undefined;

/** The committed migrations, oldest first, as this process was built with them (read once). */
export function committedMigrations(): Promise<MigrationEntry[]> {
  journal ??= fs
    .readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { entries: MigrationEntry[] }).entries.map(({ tag, when }) => ({ tag, when })));
  return journal;
}

/**
 * When the newest committed migration was made (its `when` in the journal; drizzle records it as
 * `created_at`). Read once per process: the journal is the one this process was built with, and a
 * readiness probe asks every few seconds.
 */
export async function newestMigration(): Promise<number> {
  return Math.max(...(await committedMigrations()).map((entry) => entry.when));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = options.migrateUpTo === undefined ? undefined : await migrationsUpTo(options.migrateUpTo);
  try {
    const migrations = options.migrate === false ? undefined : (folder?.path ?? migrationsFolder);
    return options.kind === 'postgres'
      ? await openPostgres(options.url, options.schema, migrations)
      : await openPglite(options.dataDir, options.loadDataDir, migrations);
  } finally {
    await folder?.remove();
  }
}

/**
 * A folder of the committed migrations up to the one made at `when` (drizzle's migrator applies every
 * migration of the journal it is given): the journal cut there, beside the same SQL files.
 */
async function migrationsUpTo(when: number): Promise<{ path: string; remove(): Promise<void> }> {
  const text = await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  const cut = JSON.parse(text) as { entries: MigrationEntry[] };
  cut.entries = cut.entries.filter((entry) => entry.when <= when);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(cut));
  for (const entry of cut.entries) await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { path: folder, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}

/**
 * Held by the process that migrates a PostgreSQL database: processes starting together (the workers of
 * one `npm start`, several hosts) migrate one after the other, and the later ones find nothing to do.
 */
const MIGRATION_LOCK = 7312002;

async function openPostgres(url: string, searchSchema: string | undefined, migrations: string | undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    ...(searchSchema ? { options: `-c search_path="${searchSchema}"` } : {}),
  });
  const db = drizzlePg(pool);
  if (migrations) await migratePostgres(url, pool, searchSchema, migrations);
  const signals = new PostgresSignalBus({ url, schema: searchSchema }, pool);
  return {
    kind: 'postgres',
    db,
    signals,
    migrationsSchema: searchSchema ?? DEFAULT_MIGRATIONS_SCHEMA,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
    async close() {
      await signals.close();
      await pool.end();
    },
  };
}

/** Migrates under the migration lock, one process at a time; ends the pool when it fails. */
async function migratePostgres(url: string, pool: pg.Pool, searchSchema: string | undefined, migrations: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (searchSchema) await lock.query(`CREATE SCHEMA IF NOT EXISTS "${searchSchema}"`);
    await migratePg(drizzlePg(pool), { migrationsFolder: migrations, ...(searchSchema ? { migrationsSchema: searchSchema } : {}) });
  } catch (error) {
    await pool.end();
    throw error;
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, migrations: string | undefined): Promise<Database> {
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
  const db = drizzlePglite(client);
  try {
    if (migrations) await migratePglite(db, { migrationsFolder: migrations });
  } catch (error) {
    await client.close();
    await release?.();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    migrationsSchema: DEFAULT_MIGRATIONS_SCHEMA,
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
