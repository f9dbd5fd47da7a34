import { AppError } from '../../http/errors.js';
import type { AttemptKey, AttemptKind, ThrottleRepository } from './throttle.repository.js';

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
    private readonly attempts: ThrottleRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records an attempt and answers its id; throws 429 (with Retry-After) when it is over the limit,
   * in which case the attempt is not kept.
   */
  async admit(kind: AttemptKind, key: AttemptKey, by: 'account' | 'ip', limit: Limit, message: string): Promise<number> {
    const id = await this.attempts.record(kind, key, this.now());
    const since = new Date(this.now().getTime() - limit.windowMs);
    const stats = await this.attempts.countSince(kind, key, by, since);
    if (stats.n > limit.max) {
      await this.forget(id);
      const oldest = stats.oldest ? stats.oldest.getTime() : this.now().getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - this.now().getTime()) / 1000));
      throw new AppError('too_many_requests', `${message}，请 ${formatWait(retryAfter)}后再试`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
    return id;
  }

  /** Takes back a recorded attempt (a log-in that turned out to be right is not a failure). */
  async forget(id: number): Promise<void> {
    await this.attempts.delete(id);
  }

  async prune(): Promise<void> {
    await this.attempts.deleteBefore(new Date(this.now().getTime() - KEEP_MS));
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  return `${Math.ceil(seconds / 60)} 分钟`;
}
