/**
 * Opens the database the server is configured for (the same environment variables as `npm start`:
 * DATABASE_URL + DATABASE_DIRECT_URL + DATABASE_SCHEMA, or PGlite in DATA_DIR/db), for the command-line tools.
 * A PGlite data folder in use by a running server is refused with a clear message (`DataDirInUseError`).
 */
import { ConfigError, embeddedDatabaseDir, loadConfig } from '../src/config/config.js';
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

export async function openConfiguredDatabase(): Promise<{ database: Database; description: string }> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
  try {
    if (config.DATABASE_URL) {
      const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, schema: config.DATABASE_SCHEMA });
      const where = new URL(config.DATABASE_URL);
      return { database, description: `PostgreSQL ${where.host}${where.pathname}${config.DATABASE_SCHEMA ? `（schema ${config.DATABASE_SCHEMA}）` : ''}` };
    }
    const dataDir = embeddedDatabaseDir(config);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return { database, description: `PGlite ${dataDir}` };
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new DataDirInUseError(error.message, config.DATA_DIR);
    if (error instanceof DatabaseSetupError) throw new CommandError(error.message);
    throw error;
  }
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
