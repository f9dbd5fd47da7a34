import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appSetting } from './settings.schema.js';

/** Settings the staff change at run time: one JSON value per key in `app_setting`. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored value of a key, or undefined when none was ever stored. */
  async get(key: string): Promise<unknown> {
    const [row] = await this.db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
    return row?.value;
  }

  async put(key: string, value: unknown): Promise<void> {
    const now = new Date();
    await this.db
      .insert(appSetting)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: now } });
  }
}
