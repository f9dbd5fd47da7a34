import { and, count, desc, eq, gt, inArray, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { CodePurpose } from './code-purposes.js';
import { captchas, verificationCodes } from './verification.schema.js';

/**
 * The keys code sending is counted under, each a class of transaction-level advisory locks: a request
 * holds the lock of its account, its address and (when it gets that far) the site's while it counts and
 * records, so that parallel requests — from any number of server processes — count one after another
 * (docs/decisions/0040). Transaction-level locks end with the transaction, and so work behind PgBouncer
 * in transaction mode.
 */
export const COUNTING_LOCKS = { account: 7312101, ip: 7312102, site: 7312103, captchaIp: 7312104 } as const;
export type CountingKey = keyof typeof COUNTING_LOCKS;

export type CodeValues = Omit<typeof verificationCodes.$inferInsert, 'id' | 'attempts' | 'consumedAt'>;

/** What a count of sent codes answers: how many, and when the oldest of them was sent. */
export interface CodeCount {
  n: number;
  oldest: Date | null;
}

/** Verification codes (`verification_codes`) and image captchas (`captchas`). */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  async insertCode(values: CodeValues): Promise<number> {
    const [row] = await this.db.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
    return row!.id;
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.delete(verificationCodes).where(eq(verificationCodes.id, id));
  }

  /**
   * Waits for, then holds until the transaction ends, the counting lock of one key (an account, an
   * address, or the site: any key). Only of use inside a transaction; locks of one class are always
   * taken in the order account, address, site, so that two requests never wait for each other.
   */
  async lockCounting(kind: CountingKey, key: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(${COUNTING_LOCKS[kind]}::int4, hashtext(${key}::text))`);
  }

  /** Codes for these purposes sent after `since`: to an account, from a client address, or (neither) all of them. */
  async countCodes(subject: { account?: string; ip?: string; purposes: readonly CodePurpose[] }, since: Date): Promise<CodeCount> {
    const conditions: SQL[] = [gt(verificationCodes.createdAt, since), inArray(verificationCodes.purpose, [...subject.purposes])];
    if (subject.account !== undefined) conditions.push(eq(verificationCodes.account, subject.account));
    if (subject.ip !== undefined) conditions.push(eq(verificationCodes.ip, subject.ip));
    const [row] = await this.db
      .select({ n: count(), oldest: min(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(and(...conditions));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /**
   * Counts one try against the latest code sent to the account for the purpose — only if it is unused,
   * unexpired and has tries left — and answers its hash. One conditional UPDATE: parallel guesses
   * cannot get more tries than the code allows. Undefined when there is no such code.
   */
  async takeAttempt(
    account: string,
    purpose: CodePurpose,
    now: Date,
    maxTries: number,
  ): Promise<{ id: number; codeHash: string; attempts: number } | undefined> {
    const latest = this.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.account, account), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          inArray(verificationCodes.id, latest),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
          lt(verificationCodes.attempts, maxTries),
        ),
      )
      .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
    return row;
  }

  /** Marks a code used; false when it already was (a parallel request used it first). */
  async consume(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length > 0;
  }

  /** Forgets every code of an account (a deleted account's number leaves no trace here). */
  async deleteCodesOf(account: string): Promise<void> {
    await this.db.delete(verificationCodes).where(eq(verificationCodes.account, account));
  }

  async insertCaptcha(values: typeof captchas.$inferInsert): Promise<void> {
    await this.db.insert(captchas).values(values);
  }

  /**
   * Uses up a captcha (one try, right or wrong) and answers its hash; undefined when it does not
   * exist, has expired or was used already.
   */
  async useCaptcha(id: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerHash: captchas.answerHash });
    return row?.answerHash;
  }

  /** Captchas handed out to a client address after `since`. */
  async countCaptchas(ip: string, since: Date): Promise<CodeCount> {
    const [row] = await this.db
      .select({ n: count(), oldest: min(captchas.createdAt) })
      .from(captchas)
      .where(and(eq(captchas.ip, ip), gt(captchas.createdAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  /** Deletes codes and captchas made before `before` (no limit counts them any more). */
  async prune(before: Date): Promise<void> {
    await this.db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
    await this.db.delete(captchas).where(lt(captchas.createdAt, before));
  }
}
