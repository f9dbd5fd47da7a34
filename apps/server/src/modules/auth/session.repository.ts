import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(session: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** The user of a live session, provided the token's version is still the user's. */
  async findActiveUser(sessionId: string, userId: number, version: number, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          eq(users.tokenVersion, version),
          gt(sessions.expiresAt, now),
        ),
      );
    return row?.user;
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of the user (but `keep`) and makes every token issued so far invalid. */
  async revokeAll(userId: number, keep?: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
      const [row] = await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ version: users.tokenVersion });
      return row!.version;
    });
  }

  async pruneExpired(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}
