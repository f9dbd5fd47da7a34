import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import type { Ports } from '../../kernel/module.js';
import { escapeLike } from '../../shared/grams.js';
import { users } from './account.schema.js';

export type UserRow = typeof users.$inferSelect;

/** What other features show of a user (the staff pages name an application's applicant). */
export interface UserName {
  id: number;
  account: string;
  name: string;
  nickName: string;
  /** Set when the user deleted the account. */
  deletedAt: Date | null;
}

export type ProfileChanges = Partial<Pick<UserRow, 'name' | 'sex' | 'nickName' | 'avatar' | 'notifyBySmsAndEmail'>>;

/** Which users the users desk lists. */
export interface UserFilter {
  keyword?: string;
  filter: 'all' | 'member' | 'staff' | 'paying' | 'disabled';
  now: Date;
}

/** What an administrator changes of a user. */
export type AdminChanges = { roles?: StaffRole[]; disabledAt?: Date | null };

/** Users (`users`). */
export class AccountRepository {
  constructor(
    private readonly db: Db,
    /** The condition "holds paid access now", supplied by the module that sells it (the users desk's 付费用户 filter). */
    private readonly ports: Pick<Ports, 'holdsPaidAccess'>,
  ) {}

  /**
   * Locks the user's row until the transaction ends (SELECT … FOR UPDATE): changes of one user's
   * cart, applications, favorites or address book then happen one after another, so that limits hold
   * under parallel requests, while other users are not held up. Only useful on a repository a
   * `Transactor` handed out.
   */
  async lockUser(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByAccount(account: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.account, account));
    return row;
  }

  /** Adds a member; a taken account fails with the database's unique violation (23505). */
  async insert(values: {
    account: string;
    passwordHash: string;
    nickName: string;
    consentedAt?: Date;
    consentVersion?: string;
    accountVerifiedAt?: Date;
  }): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: number, changes: ProfileChanges): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }

  /** Records that a code sent to the account was entered: the user holds that mobile number or e-mail address. */
  async markAccountVerified(id: number, at: Date): Promise<void> {
    await this.db.update(users).set({ accountVerifiedAt: at }).where(eq(users.id, id));
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Makes every token issued so far invalid (their version is now older than the user's). */
  async bumpTokenVersion(id: number): Promise<number> {
    const [row] = await this.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ version: users.tokenVersion });
    return row!.version;
  }

  async names(ids: number[]): Promise<UserName[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, account: users.account, name: users.name, nickName: users.nickName, deletedAt: users.deletedAt })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
  }

  /**
   * Anonymises the user's row in place (deleting the account): no name, contact, avatar, password or
   * membership is left, the account becomes `deleted:<id>` (which no one can register or sign in with),
   * and every token stops working. The row stays for the records that name it.
   */
  async anonymise(id: number, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({
        account: `deleted:${id}`,
        passwordHash: '',
        name: '',
        sex: 'unknown',
        nickName: '',
        avatar: null,
        roles: [],
        disabledAt: null,
        accountVerifiedAt: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(users.id, id));
  }

  /** A page of users for the users desk, newest first, with the total. */
  async adminPage(filter: UserFilter, limit: number, offset: number): Promise<{ rows: UserRow[]; totalCount: number }> {
    const conditions: SQL[] = [];
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(users.account, pattern), ilike(users.name, pattern), ilike(users.nickName, pattern))!);
    }
    if (filter.filter === 'member') conditions.push(sql`cardinality(${users.roles}) = 0`);
    if (filter.filter === 'staff') conditions.push(sql`cardinality(${users.roles}) > 0`);
    if (filter.filter === 'paying') conditions.push(this.ports.holdsPaidAccess(users.id, filter.now));
    if (filter.filter === 'disabled') conditions.push(isNotNull(users.disabledAt));
    if (filter.filter !== 'all') conditions.push(isNull(users.deletedAt));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  async adminUpdate(id: number, changes: AdminChanges): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }

  /** Accounts holding one of `roles` (not disabled, not deleted): who hears of new work. */
  async staffWith(roles: readonly StaffRole[]): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(sql`${users.roles} && ${`{${roles.join(',')}}`}::staff_role[]`, isNull(users.disabledAt), isNull(users.deletedAt)));
  }

  /** How many active accounts hold `role`. */
  async countWithRole(role: StaffRole): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(sql`${role}::staff_role = any(${users.roles})`, isNull(users.disabledAt), isNull(users.deletedAt)));
    return row?.n ?? 0;
  }

  /** Members (not staff, not deleted) who registered since `since`, per day in Beijing, and in all. */
  async registrationsByDay(since: Date): Promise<{ byDay: Array<{ day: string; n: number }>; total: number }> {
    const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
    const members = and(sql`cardinality(${users.roles}) = 0`, isNull(users.deletedAt));
    const [byDay, [total]] = await Promise.all([
      this.db.select({ day, n: count() }).from(users).where(and(members, gte(users.createdAt, since))).groupBy(day).orderBy(day),
      this.db.select({ n: count() }).from(users).where(members),
    ]);
    return { byDay, total: total?.n ?? 0 };
  }
}
