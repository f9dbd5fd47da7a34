import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { authAttempts } from './auth.schema.js';

export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'];

export interface AttemptKey {
  account?: string;
  ip: string;
}

/** Log-in and registration attempts (`auth_attempts`). */
export class ThrottleRepository {
  constructor(private readonly db: Db) {}

  /** Records an attempt and answers its id. */
  async record(kind: AttemptKind, key: AttemptKey, at: Date): Promise<number> {
    const [row] = await this.db
      .insert(authAttempts)
      .values({ kind, account: key.account ?? null, ip: key.ip, createdAt: at })
      .returning({ id: authAttempts.id });
    return row!.id;
  }

  /** How many attempts of a kind were made by the account (or from the address) after `since`, and when the oldest was. */
  async countSince(kind: AttemptKind, key: AttemptKey, by: 'account' | 'ip', since: Date): Promise<{ n: number; oldest: Date | null }> {
    const subject = by === 'account' ? eq(authAttempts.account, key.account ?? '') : eq(authAttempts.ip, key.ip);
    const [stats] = await this.db
      .select({ n: count(), oldest: min(authAttempts.createdAt) })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, kind), subject, gt(authAttempts.createdAt, since)));
    return { n: stats?.n ?? 0, oldest: stats?.oldest ? new Date(stats.oldest) : null };
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.id, id));
  }

  async deleteBefore(before: Date): Promise<void> {
    await this.db.delete(authAttempts).where(lt(authAttempts.createdAt, before));
  }

  /** Forgets every attempt of a kind recorded for an account (all kinds when none is given). */
  async deleteOfAccount(account: string, kind?: AttemptKind): Promise<void> {
    const subject = eq(authAttempts.account, account);
    await this.db.delete(authAttempts).where(kind ? and(subject, eq(authAttempts.kind, kind)) : subject);
  }
}
