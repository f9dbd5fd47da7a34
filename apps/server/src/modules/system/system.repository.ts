import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export class SystemRepository {
  constructor(
    private readonly db: Db,
    /** Where drizzle records the migrations it applied. */
    private readonly migrationsSchema: string,
  ) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** When the newest migration applied to the database was made (the journal's `when`), or 0 when none was. */
  async newestAppliedMigration(): Promise<number> {
    const [row] = await this.db
      .select({ newest: sql<string | number | null>`max(created_at)` })
      .from(sql`${sql.identifier(this.migrationsSchema)}.__drizzle_migrations`);
    return Number(row?.newest ?? 0);
  }
}
