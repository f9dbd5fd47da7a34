import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { RegistrationWatchScope } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { registrations } from '../registration/registration.schema.js';
import { registrationWatches } from './registration-watch.schema.js';

export type RegistrationWatchRow = typeof registrationWatches.$inferSelect;

/** A watch with the record it names, if it names one that exists. */
export type RegistrationWatchListRow = RegistrationWatchRow & {
  record: { id: number; name: string; company: string } | null;
};

/** Users' registration watches (`registration_watches`). */
export class RegistrationWatchRepository {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<RegistrationWatchListRow[]> {
    const rows = await this.db
      .select({ watch: registrationWatches, id: registrations.id, name: registrations.name, company: registrations.company })
      .from(registrationWatches)
      .leftJoin(registrations, and(eq(registrationWatches.scope, 'registration'), eq(registrations.regNo, registrationWatches.key)))
      .where(eq(registrationWatches.userId, userId))
      .orderBy(desc(registrationWatches.createdAt), desc(registrationWatches.id));
    return rows.map((r) => ({
      ...r.watch,
      record: r.id === null ? null : { id: r.id, name: r.name!, company: r.company! },
    }));
  }

  async countOf(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(registrationWatches).where(eq(registrationWatches.userId, userId));
    return row?.n ?? 0;
  }

  async find(userId: number, scope: RegistrationWatchScope, key: string): Promise<RegistrationWatchRow | undefined> {
    const [row] = await this.db
      .select()
      .from(registrationWatches)
      .where(and(eq(registrationWatches.userId, userId), eq(registrationWatches.scope, scope), eq(registrationWatches.key, key)));
    return row;
  }

  async insert(userId: number, scope: RegistrationWatchScope, key: string): Promise<RegistrationWatchRow> {
    const [row] = await this.db.insert(registrationWatches).values({ userId, scope, key }).returning();
    return row!;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(registrationWatches)
      .where(and(eq(registrationWatches.id, id), eq(registrationWatches.userId, userId)))
      .returning({ id: registrationWatches.id });
    return deleted.length > 0;
  }

  /** Deletes every watch of the user (deleting the account). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(registrationWatches).where(eq(registrationWatches.userId, userId));
  }

  /** The user's watches of a record and of its product. */
  async stateOf(userId: number, regNo: string, name: string): Promise<{ registration: number | null; product: number | null }> {
    const rows = await this.db
      .select({ id: registrationWatches.id, scope: registrationWatches.scope })
      .from(registrationWatches)
      .where(
        and(
          eq(registrationWatches.userId, userId),
          or(
            and(eq(registrationWatches.scope, 'registration'), eq(registrationWatches.key, regNo)),
            and(eq(registrationWatches.scope, 'product'), eq(registrationWatches.key, name)),
          ),
        ),
      );
    return {
      registration: rows.find((r) => r.scope === 'registration')?.id ?? null,
      product: rows.find((r) => r.scope === 'product')?.id ?? null,
    };
  }

  /** Every watch of these registration numbers or product names (in batches: an import may name thousands). */
  async watching(regNos: readonly string[], names: readonly string[]): Promise<RegistrationWatchRow[]> {
    const found: RegistrationWatchRow[] = [];
    for (const [scope, keys] of [
      ['registration', [...new Set(regNos)]],
      ['product', [...new Set(names)]],
    ] as const) {
      for (let i = 0; i < keys.length; i += 1_000) {
        found.push(
          ...(await this.db
            .select()
            .from(registrationWatches)
            .where(and(eq(registrationWatches.scope, scope), inArray(registrationWatches.key, keys.slice(i, i + 1_000))))),
        );
      }
    }
    return found;
  }

  /** The ids of the records with these registration numbers (for the notices' links). */
  async recordIds(regNos: readonly string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let i = 0; i < regNos.length; i += 1_000) {
      const rows = await this.db
        .select({ id: registrations.id, regNo: registrations.regNo })
        .from(registrations)
        .where(inArray(registrations.regNo, regNos.slice(i, i + 1_000)));
      for (const row of rows) ids.set(row.regNo, row.id);
    }
    return ids;
  }
}
