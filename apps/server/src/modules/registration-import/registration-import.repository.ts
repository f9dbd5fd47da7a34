import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { registrationImports } from './registration-import.schema.js';

export type RegistrationImportRow = typeof registrationImports.$inferSelect;

/** Imports from the staff desk (the records they write are the registration module's). */
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

}
