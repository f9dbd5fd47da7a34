import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './database.js';

/** Above this many rows (by the planner's estimate) a table's size is the estimate, not a count. */
export const ESTIMATE_ABOVE = 100_000;

/**
 * How many rows a table holds: the planner's estimate for a large table (a count of a million rows
 * costs a full scan), the exact count otherwise. The one way a record count is read, so that every
 * page that shows a table's size (the home page, /database, an unfiltered list) shows the same number.
 */
export async function tableSize(db: Db, table: string, exact: () => Promise<Array<{ n: number }>>): Promise<number> {
  const [estimate] = await selectRows<{ n: number | string | null }>(db, sql`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = to_regclass(${table})`);
  const estimated = Number(estimate?.n ?? -1);
  if (estimated >= ESTIMATE_ABOVE) return estimated;
  const [row] = await exact();
  return row?.n ?? 0;
}
