import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/database.js';
import { REGISTRATION_COLUMNS, registrationRow } from '../registration/registration-columns.js';
import type { RegistrationRecord } from './registration-csv.js';

/**
 * Inserts the records, or replaces the stored record with the same registration number (登记号).
 * The rows travel as one JSON parameter (json_populate_recordset), so one statement writes a whole
 * batch; the numbers within one call must be distinct. Answers how many were new.
 */
export async function upsertRegistrationRecords(db: Pick<Db, 'execute'>, records: readonly RegistrationRecord[]): Promise<{ inserted: number; updated: number }> {
  if (!records.length) return { inserted: 0, updated: 0 };
  const rows = records.map(registrationRow);
  const cols = sql.raw(REGISTRATION_COLUMNS.map((c) => `"${c}"`).join(', '));
  const updates = sql.raw(
    REGISTRATION_COLUMNS.filter((c) => c !== 'reg_no')
      .map((c) => `"${c}" = EXCLUDED."${c}"`)
      .join(', '),
  );
  const [counts] = await selectRows<{ inserted: number; updated: number }>(
    db as Db,
    sql`WITH written AS (
          INSERT INTO registrations (${cols})
          SELECT ${cols} FROM json_populate_recordset(NULL::registrations, ${JSON.stringify(rows)}::json)
          ON CONFLICT (reg_no) DO UPDATE SET ${updates}
          RETURNING (xmax = 0) AS inserted
        )
        SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM written`,
  );
  return counts!;
}
