import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { authAttempts } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'];

export interface Limit {
  max: number;
  windowMs: number;
}

/** How often log-in and registration may be tried; tests lower them. */
export interface AuthLimits {
  /** Failed log-ins per account. */
  loginFailuresPerAccount: Limit;
  /** Log-in attempts (failed or not) per client address. */
  loginsPerIp: Limit;
  /** Registrations per client address. */
  registrationsPerIp: Limit;
}

const MINUTE = 60_000;
export const defaultAuthLimits: AuthLimits = {
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  // Generous: a whole company often shares one public address.
  loginsPerIp: { max: 100, windowMs: 15 * MINUTE },
  registrationsPerIp: { max: 20, windowMs: 60 * MINUTE },
};

/** Attempts older than this are of no use to any limit and are deleted. */
const KEEP_MS = 24 * 60 * MINUTE;

/**
 * Counts attempts in the database, so that limits hold across restarts and across server instances.
 * An attempt is recorded before it is judged: concurrent attempts see each other, so a burst can never
 * pass more than `max` (at worst one too many is refused).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records an attempt and answers its id; throws 429 (with Retry-After) when it is over the limit,
   * in which case the attempt is not kept.
   */
  async admit(kind: AttemptKind, key: { account?: string; ip: string }, by: 'account' | 'ip', limit: Limit, message: string): Promise<number> {
    const [row] = await this.db
      .insert(authAttempts)
      .values({ kind, account: key.account ?? null, ip: key.ip, createdAt: this.now() })
      .returning({ id: authAttempts.id });
    const since = new Date(this.now().getTime() - limit.windowMs);
    const subject = by === 'account' ? eq(authAttempts.account, key.account ?? '') : eq(authAttempts.ip, key.ip);
    const [stats] = await this.db
      .select({ n: count(), oldest: min(authAttempts.createdAt) })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, kind), subject, gt(authAttempts.createdAt, since)));
    if ((stats?.n ?? 0) > limit.max) {
      await this.forget(row!.id);
      const oldest = stats?.oldest ? new Date(stats.oldest).getTime() : this.now().getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - this.now().getTime()) / 1000));
      throw new AppError('too_many_requests', `${message}，请 ${formatWait(retryAfter)}后再试`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
    return row!.id;
  }

  /** Takes back a recorded attempt (a log-in that turned out to be right is not a failure). */
  async forget(id: number): Promise<void> {
    await this.db.delete(authAttempts).where(eq(authAttempts.id, id));
  }

  async prune(): Promise<void> {
    await this.db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(this.now().getTime() - KEEP_MS)));
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  return `${Math.ceil(seconds / 60)} 分钟`;
}
