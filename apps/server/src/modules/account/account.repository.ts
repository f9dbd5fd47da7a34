import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
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

/** Users (`users`). */
export class AccountRepository {
  constructor(private readonly db: Db) {}

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
        role: 'member',
        memberUntil: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(users.id, id));
  }
}
