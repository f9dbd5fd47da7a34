import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../src/db/database.js';
import { embeddedDatabaseDir } from '../src/config/config.js';
import { users } from '../src/modules/account/account.schema.js';
import { createStaff } from '../test/production-server.js';
import { databaseUrl, dropDatabase, runStatements } from '../test/template-database.js';

/**
 * The database a benchmark's server runs on: with DATABASE_URL, a database of the run's own on that
 * server (named `<prefix>_<pid>_<time>`, dropped by the returned clean-up); otherwise PGlite in `dataDir`.
 * `env` is what the server is started with to use it (with DATA_DIR = `dataDir`).
 */
export async function benchDatabase(
  prefix: string,
  dataDir: string,
): Promise<{ options: DatabaseOptions; env: NodeJS.ProcessEnv; drop?: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL || undefined;
  if (!serverUrl) {
    return { options: { kind: 'pglite', dataDir: embeddedDatabaseDir({ DATA_DIR: dataDir }) }, env: { DATABASE_URL: '', DATABASE_SCHEMA: '' } };
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await runStatements(serverUrl, `CREATE DATABASE "${name}"`);
  const url = databaseUrl(serverUrl, name);
  return { options: { kind: 'postgres', url }, env: { DATABASE_URL: url, DATABASE_SCHEMA: '' }, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * A member who signs in with a password, made as an operator would (npm run create-staff, before the
 * server starts: PGlite serves one process), its staff role then taken away: staff sign in with a second
 * factor, and a member's pages and cart are what the benches measure.
 */
export async function createMember(env: NodeJS.ProcessEnv, database: DatabaseOptions, account: string, password: string): Promise<void> {
  await createStaff(env, account, password);
  const opened = await openDatabase(database);
  try {
    await opened.db.update(users).set({ roles: [] }).where(eq(users.account, account));
  } finally {
    await opened.close();
  }
}
