/**
 * Opens the database the server is configured for (the same environment variables as `npm start`:
 * DATABASE_URL + DATABASE_DIRECT_URL + DATABASE_SCHEMA, or PGlite in DATA_DIR/db), for the command-line tools.
 * A PGlite data folder in use by a running server is refused with a clear message (`DataDirInUseError`).
 */
import { ConfigError, embeddedDatabaseDir, loadConfig, type Config } from '../src/config/config.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { DatabaseSetupError, openDatabase, type Database } from '../src/db/database.js';

export class CommandError extends Error {}

/** The embedded database is held by another process (a running server, most likely). */
export class DataDirInUseError extends CommandError {
  constructor(
    message: string,
    /** DATA_DIR, where a running server has its control channel (docs/decisions/0047). */
    readonly dataDir: string,
  ) {
    super(message);
  }
}

/** The configuration the server reads, or a CommandError naming what is wrong in it. */
export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}

/** `migrate: false` opens the database as it is (a backup), instead of migrating it to this version first. */
export async function openConfiguredDatabase(options: { migrate?: boolean } = {}): Promise<{ database: Database; description: string; config: Config }> {
  const config = commandConfig();
  const migrate = options.migrate ?? true;
  try {
    if (config.DATABASE_URL) {
      const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, schema: config.DATABASE_SCHEMA, migrate });
      return { database, description: describePostgres(config.DATABASE_URL, config.DATABASE_SCHEMA), config };
    }
    const dataDir = embeddedDatabaseDir(config);
    const database = await openDatabase({ kind: 'pglite', dataDir, migrate });
    return { database, description: `PGlite ${dataDir}`, config };
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new DataDirInUseError(error.message, config.DATA_DIR);
    if (error instanceof DatabaseSetupError) throw new CommandError(error.message);
    throw error;
  }
}

/** The server and database of a URL (never its password), and the schema. */
export function describePostgres(url: string, schema?: string): string {
  const where = new URL(url);
  return `PostgreSQL ${where.host}${where.pathname}${schema ? `（schema ${schema}）` : ''}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
