import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { UserRow } from './account.repository.js';
import { users } from './account.schema.js';
import type { Ports } from '../../kernel/module.js';
import { sessions } from './auth.schema.js';

/** Signed-in devices (`sessions`). */
export class SessionRepository {
  constructor(
    private readonly db: Db,
    /** What a user's grants unlock, as a column: supplied by the module that sells access. */
    private readonly ports: Pick<Ports, 'heldAccess'>,
  ) {}

  async create(session: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /**
   * The user of a live session, provided the token's version is still the user's: one query on every
   * authenticated request, so it reads the user's row (owned by the account module) in a join, and
   * what the user's grants unlock now (`held`: database codes, `*` for membership) in a subquery.
   */
  async findActiveUser(
    sessionId: string,
    userId: number,
    version: number,
    now: Date,
  ): Promise<{ user: UserRow; held: string[] } | undefined> {
    const [row] = await this.db
      .select({ user: users, held: this.ports.heldAccess(users.id, now) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          eq(users.tokenVersion, version),
          isNull(users.disabledAt),
          gt(sessions.expiresAt, now),
        ),
      );
    return row;
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of the user (the caller makes their tokens invalid in the same transaction). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async pruneExpired(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}
