import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
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
  | {
      kind: 'postgres';
      /** Every query goes through it (a pooler in transaction mode when `directUrl` is given). */
      url: string;
      /**
       * A direct connection to the same database, beside a pooled `url` (docs/decisions/0059): migrations
       * (under a session-level advisory lock) and the signal connection (LISTEN) need a session of their own,
       * which a pooler in transaction mode does not keep. Unset: `url` is direct and serves all three.
       */
      directUrl?: string;
      /** The schema of the tables and migrations (DATABASE_SCHEMA; tests isolate themselves with one). */
      schema?: string;
    }
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
      ? await openPostgres(options.url, options.directUrl, options.schema, migrations)
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

/** The database cannot be used as configured; the message says what to change (printed without a stack). */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

/**
 * Held by the process that migrates a PostgreSQL database: processes starting together (the workers of
 * one `npm start`, several hosts) migrate one after the other, and the later ones find nothing to do.
 */
const MIGRATION_LOCK = 7312002;

async function openPostgres(url: string, directUrl: string | undefined, searchSchema: string | undefined, migrations: string | undefined): Promise<Database> {
  // The schema travels in the connection's startup parameters. A pooler in transaction mode refuses
  // them (PgBouncer: "unsupported startup parameter: options"), or drops them when told to ignore them:
  // its connections' search_path is the pooler's to set (connect_query, or the role's), checked below.
  const inSchema = searchSchema ? { options: `-c search_path="${searchSchema}"` } : {};
  const pooled = directUrl !== undefined;
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, ...(pooled ? {} : inSchema) });
  const direct = directUrl ?? url;
  // Migrations run on this session, under a session-level lock that ending the session releases.
  const session = new pg.Client({ connectionString: direct, ...inSchema });
  try {
    await session.connect();
  } catch (error) {
    await pool.end();
    throw refusedOptions(error, pooled) ?? error;
  }
  try {
    // No migrations (a backup of the database as it is): nothing to lock or apply.
    if (migrations) {
      await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      if (searchSchema) await session.query(`CREATE SCHEMA IF NOT EXISTS "${searchSchema}"`);
      await migratePg(drizzlePg(session), { migrationsFolder: migrations, ...(searchSchema ? { migrationsSchema: searchSchema } : {}) });
    }
    if (pooled) await checkPooledSchema(pool, session, searchSchema);
  } catch (error) {
    await pool.end();
    throw error;
  } finally {
    await session.end();
  }
  const signals = new PostgresSignalBus({ url: direct, schema: searchSchema }, pool);
  return {
    kind: 'postgres',
    db: drizzlePg(pool),
    signals,
    migrationsSchema: searchSchema ?? DEFAULT_MIGRATIONS_SCHEMA,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
    async close() {
      await signals.close();
      await pool.end();
    },
  };
}

/** A connection refused for the schema's startup parameter: a pooler answered where a direct connection was expected. */
function refusedOptions(error: unknown, pooled: boolean): DatabaseSetupError | undefined {
  if (pooled || !(error instanceof Error) || !/unsupported startup parameter/i.test(error.message)) return undefined;
  return new DatabaseSetupError(
    `DATABASE_URL refused the connection's startup parameters (${error.message}): it goes through a connection pooler. ` +
      'Set DATABASE_DIRECT_URL to a direct connection to the same database (migrations and LISTEN need one; docs/decisions/0059).',
  );
}

/**
 * Behind a pooler, the pooled connections must find the tables where the direct one migrated them: the
 * same current schema (DATABASE_SCHEMA, or the server's default when it is unset).
 */
async function checkPooledSchema(pool: pg.Pool, session: pg.Client, searchSchema: string | undefined): Promise<void> {
  const current = async (client: pg.Pool | pg.Client) =>
    ((await client.query<{ schema: string | null }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? null);
  const [expected, found] = [await current(session), await current(pool)];
  if (found === expected) return;
  const name = (schema: string | null) => (schema === null ? '(none)' : `"${schema}"`);
  const wanted = searchSchema ?? expected ?? 'public';
  throw new DatabaseSetupError(
    `The pooled connections (DATABASE_URL) reach the schema ${name(found)}, the direct one (DATABASE_DIRECT_URL) ${name(expected)}, ` +
      'where the tables are: they must agree. A pooler in transaction mode does not pass on the startup parameter that ' +
      `carries DATABASE_SCHEMA: set the search_path on the pooler's database entry (PgBouncer: connect_query='SET search_path TO "${wanted}"') ` +
      `or on the role (ALTER ROLE … SET search_path TO "${wanted}"); see docs/decisions/0059.`,
  );
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, migrations: string | undefined): Promise<Database> {
  // Loaded here: a process on PostgreSQL never needs them (docs/decisions/0077).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
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
