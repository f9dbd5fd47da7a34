import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/database.js';
import { REGISTRATION_COLUMNS, registrationRow } from '../registration/registration-columns.js';
import { registrations } from '../registration/registration.schema.js';
import type { RegistrationRecord } from './registration-csv.js';
import { registrationImports } from './registration-import.schema.js';

/**
 * Inserts the records, or replaces the stored record with the same registration number (登记号).
 * The rows travel as one JSON parameter (json_populate_recordset), so one statement writes a whole
 * batch; the numbers within one call must be distinct. Answers how many were new.
 */
export async function upsertRegistrationRecords(
  db: Pick<Db, 'execute'>,
  records: readonly RegistrationRecord[],
): Promise<{ inserted: number; updated: number }> {
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

export type RegistrationImportRow = typeof registrationImports.$inferSelect;

/** Imports from the staff desk, and the stored records an import is compared with. */
export class RegistrationImportRepository {
  constructor(private readonly db: Db) {}

  async insert(values: Pick<RegistrationImportRow, 'fileKey' | 'filename' | 'format' | 'uploadedBy'>): Promise<RegistrationImportRow> {
    const [row] = await this.db.insert(registrationImports).values(values).returning();
    return row!;
  }

  async find(id: number): Promise<RegistrationImportRow | undefined> {
    const [row] = await this.db.select().from(registrationImports).where(eq(registrationImports.id, id));
    return row;
  }

  /** Marks an import committed, unless it already was (then answers false): one commit per import. */
  async markCommitted(id: number, report: unknown): Promise<boolean> {
    const rows = await this.db
      .update(registrationImports)
      .set({ committedAt: new Date(), report })
      .where(and(eq(registrationImports.id, id), isNull(registrationImports.committedAt)))
      .returning({ id: registrationImports.id });
    return rows.length === 1;
  }

  /** The stored records with these registration numbers, as the fields an import writes. */
  async existing(regNos: readonly string[]): Promise<RegistrationRecord[]> {
    const found: RegistrationRecord[] = [];
    for (let i = 0; i < regNos.length; i += 1_000) {
      const rows = await this.db
        .select({
          regNo: registrations.regNo,
          name: registrations.name,
          company: registrations.company,
          companyAddress: registrations.companyAddress,
          province: registrations.province,
          source: registrations.source,
          spec: registrations.spec,
          packageSpec: registrations.packageSpec,
          type: registrations.type,
          reviewStatus: registrations.reviewStatus,
          updatedOn: registrations.updatedOn,
          remark: registrations.remark,
        })
        .from(registrations)
        .where(inArray(registrations.regNo, regNos.slice(i, i + 1_000)));
      found.push(...(rows as RegistrationRecord[]));
    }
    return found;
  }

  upsert(records: readonly RegistrationRecord[]): Promise<{ inserted: number; updated: number }> {
    return upsertRegistrationRecords(this.db, records);
  }
}
