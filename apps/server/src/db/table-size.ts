import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './database.js';

/** Above this many rows (by the planner's estimate) a table's size is the estimate, not a count. */
export const ESTIMATE_ABOVE = 100_000;

/**
 * How many rows a table holds: the planner's estimate for a large table (a count of a million rows
 * costs a full scan), the exact count otherwise. The one way a record count is read, so that every
 * page that shows a table's size (the home page, /database, an unfiltered list) shows the same number.
 */
export async function tableSize(db: Db, table: string): Promise<number> {
  // One statement: the estimate, or the count when the estimate is small.
  const [row] = await selectRows<{ n: number | string | null }>(
    db,
    sql`SELECT CASE WHEN reltuples >= ${ESTIMATE_ABOVE} THEN reltuples::bigint ELSE (SELECT count(*) FROM ${sql.identifier(table)}) END AS n
        FROM pg_class WHERE oid = to_regclass(${table})`,
  );
  return Number(row?.n ?? 0);
}
