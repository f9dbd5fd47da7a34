import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database every test file starts from, migrated once per `vitest run` by test/global-setup.ts
 * (docs/decisions/0015-test-template-databases.md):
 * - `pglite`: a `dumpDataDir` tarball of a migrated PGlite, loaded into each file's in-memory database;
 * - `postgres`: a migrated database that each file copies with `CREATE DATABASE … TEMPLATE`.
 */
export type TemplateDatabase = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TemplateDatabase;
  }
}

/** Databases and schemas the tests create start with this, so an interrupted run's leftovers can be found. */
export const TEST_NAME_PREFIX = 'test_';

export function testName(infix = ''): string {
  return `${TEST_NAME_PREFIX}${infix}${randomBytes(6).toString('hex')}`;
}

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `statements` one after the other on a short-lived connection to `url`. */
export async function runStatements(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database. Plainly first: PostgreSQL then waits (up to 5 s) for the backends of
 * connections just closed to exit, whereas WITH (FORCE) would terminate them while their clients
 * still listen, which surfaces as an uncaught "terminating connection" error in the test worker.
 * FORCE only for connections that stay.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  try {
    await runStatements(url, `DROP DATABASE IF EXISTS "${name}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error; // object_in_use
    await runStatements(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
