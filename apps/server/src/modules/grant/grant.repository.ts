import { and, count, desc, eq, gt, inArray, isNull, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseCode } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { users } from '../account/account.schema.js';
import { MEMBERSHIP } from '../account/auth.guard.js';
import { grants, grantSeats } from './grant.schema.js';

export type GrantRow = typeof grants.$inferSelect;
export type NewGrant = typeof grants.$inferInsert;


/** The grants in force at `now` that reach `userId`: their own, or a company membership they hold a seat of. */
function reaching(userId: SQL | AnyPgColumn | number, now: Date): SQL {
  return and(
    or(
      eq(grants.userId, userId as number),
      sql`exists (select 1 from ${grantSeats} where ${grantSeats.grantId} = ${grants.id} and ${grantSeats.userId} = ${userId})`,
    ),
    lte(grants.startsAt, now),
    gt(grants.endsAt, now),
    isNull(grants.revokedAt),
  )!;
}

/**
 * What a user may see now, as a column of another query (the session check reads it with the user):
 * the databases their grants unlock, `*` for membership.
 */
export function heldAccessColumn(userId: AnyPgColumn, now: Date): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(distinct coalesce(${grants.databaseCode}, ${MEMBERSHIP})) from ${grants} where ${reaching(userId, now)}), '{}')`;
}

/** The condition "holds paid access now" on a users query (the users desk's 付费用户 filter). */
export function holdsPaidAccess(userId: AnyPgColumn, now: Date): SQL {
  return sql`exists (select 1 from ${grants} where ${reaching(userId, now)})`;
}

/** Grants of paid access (`grants`) and the seats of company memberships (`grant_seats`). */
export class GrantRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewGrant): Promise<GrantRow> {
    const [row] = await this.db.insert(grants).values(values).returning();
    return row!;
  }

  /** Every grant a user holds or held, their own and shared, newest term first. */
  async listFor(userId: number): Promise<Array<GrantRow & { shared: boolean }>> {
    const rows = await this.db
      .select({ grant: grants, seat: grantSeats.userId })
      .from(grants)
      .leftJoin(grantSeats, and(eq(grantSeats.grantId, grants.id), eq(grantSeats.userId, userId)))
      .where(or(eq(grants.userId, userId), eq(grantSeats.userId, userId)))
      .orderBy(desc(grants.endsAt), desc(grants.id));
    return rows.map((row) => ({ ...row.grant, shared: row.grant.userId !== userId }));
  }

  /** What reaches the user now: the databases unlocked, `*` for membership. */
  async heldBy(userId: number, now: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ code: sql<string>`coalesce(${grants.databaseCode}, ${MEMBERSHIP})` })
      .from(grants)
      .where(reaching(userId, now));
    return rows.map((row) => row.code);
  }

  /**
   * When the user's latest unrevoked grant of this kind (membership, or this database) ends, if after
   * `now`: a new one of the same kind starts there, so that renewing early loses no day.
   */
  async lastEnd(userId: number, databaseCode: DatabaseCode | null, now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ end: max(grants.endsAt) })
      .from(grants)
      .where(
        and(
          eq(grants.userId, userId),
          databaseCode === null ? isNull(grants.databaseCode) : eq(grants.databaseCode, databaseCode),
          isNull(grants.revokedAt),
          gt(grants.endsAt, now),
        ),
      );
    return row?.end ?? null;
  }

  /** Until when each user's own membership runs (users without one are left out). */
  async membershipUntil(userIds: number[], now: Date): Promise<Map<number, Date>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: grants.userId, end: max(grants.endsAt) })
      .from(grants)
      .where(and(inArray(grants.userId, userIds), isNull(grants.databaseCode), isNull(grants.revokedAt), gt(grants.endsAt, now)))
      .groupBy(grants.userId);
    return new Map(rows.flatMap((row) => (row.end ? [[row.userId, row.end] as const] : [])));
  }

  /** Ends the memberships staff gave the user by hand that have not lapsed yet. */
  async endStaffMemberships(userId: number, at: Date): Promise<number> {
    const ended = await this.db
      .update(grants)
      .set({ revokedAt: at })
      .where(
        and(
          eq(grants.userId, userId),
          eq(grants.source, 'staff'),
          isNull(grants.databaseCode),
          isNull(grants.revokedAt),
          gt(grants.endsAt, at),
        ),
      )
      .returning({ id: grants.id });
    return ended.length;
  }

  /** Ends the grants an order paid for (a refund). */
  async endByOrder(orderId: number, at: Date): Promise<GrantRow[]> {
    return this.db
      .update(grants)
      .set({ revokedAt: at })
      .where(and(eq(grants.orderId, orderId), isNull(grants.revokedAt)))
      .returning();
  }

  /** Grants in force that end within `until` (their holders may need a reminder). */
  async endingBefore(now: Date, until: Date): Promise<GrantRow[]> {
    return this.db
      .select()
      .from(grants)
      .where(and(isNull(grants.revokedAt), lte(grants.startsAt, now), gt(grants.endsAt, now), lte(grants.endsAt, until)))
      .orderBy(grants.endsAt);
  }

  async markReminded(id: number, days: number): Promise<void> {
    await this.db.update(grants).set({ remindedDays: days }).where(eq(grants.id, id));
  }

  /** The seat holders of each grant (their accounts read from the users table in a join). */
  async seatsOf(grantIds: number[]): Promise<Map<number, Array<{ userId: number; account: string }>>> {
    const seats = new Map<number, Array<{ userId: number; account: string }>>();
    if (grantIds.length === 0) return seats;
    const rows = await this.db
      .select({ grantId: grantSeats.grantId, userId: grantSeats.userId, account: users.account })
      .from(grantSeats)
      .innerJoin(users, eq(users.id, grantSeats.userId))
      .where(inArray(grantSeats.grantId, grantIds))
      .orderBy(grantSeats.createdAt);
    for (const row of rows) seats.set(row.grantId, [...(seats.get(row.grantId) ?? []), { userId: row.userId, account: row.account }]);
    return seats;
  }

  /** The user's own grant, locked for the transaction. */
  async ownForUpdate(userId: number, id: number): Promise<GrantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(grants)
      .where(and(eq(grants.id, id), eq(grants.userId, userId)))
      .for('update');
    return row;
  }

  /** Adds a seat; false when the account holds one already. */
  async addSeat(grantId: number, userId: number): Promise<boolean> {
    const rows = await this.db.insert(grantSeats).values({ grantId, userId }).onConflictDoNothing().returning({ userId: grantSeats.userId });
    return rows.length > 0;
  }

  async removeSeat(grantId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(grantSeats)
      .where(and(eq(grantSeats.grantId, grantId), eq(grantSeats.userId, userId)))
      .returning({ userId: grantSeats.userId });
    return rows.length > 0;
  }

  /** The user's company memberships not ended yet that have seats given to other accounts, with how many. */
  async seatsGivenBy(userId: number, now: Date): Promise<Array<{ name: string; seats: number }>> {
    return this.db
      .select({ name: grants.name, seats: count(grantSeats.userId) })
      .from(grants)
      .innerJoin(grantSeats, eq(grantSeats.grantId, grants.id))
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt), gt(grants.endsAt, now)))
      .groupBy(grants.id, grants.name)
      .orderBy(grants.id);
  }

  /** Frees the seats the user holds of others' memberships, and the seats left on the user's own (ended) ones. */
  async releaseSeatsOf(userId: number): Promise<void> {
    await this.db.delete(grantSeats).where(eq(grantSeats.userId, userId));
    await this.db.delete(grantSeats).where(inArray(grantSeats.grantId, this.db.select({ id: grants.id }).from(grants).where(eq(grants.userId, userId))));
  }

  /** Ends every grant of the user that has not ended yet (the account is deleted). */
  async endAllOf(userId: number, at: Date): Promise<void> {
    await this.db
      .update(grants)
      .set({ revokedAt: at })
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt), gt(grants.endsAt, at)));
  }

  async findByOrder(orderId: number): Promise<GrantRow | undefined> {
    const [row] = await this.db.select().from(grants).where(eq(grants.orderId, orderId));
    return row;
  }
}
