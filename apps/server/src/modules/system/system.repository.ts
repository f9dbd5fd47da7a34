import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export class SystemRepository {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
