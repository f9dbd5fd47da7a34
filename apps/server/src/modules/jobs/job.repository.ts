import { and, asc, eq, inArray, isNotNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jobs } from './jobs.schema.js';

export type JobRow = typeof jobs.$inferSelect;

export interface JobQueueStats {
  kind: string;
  due: number;
  oldestDueSeconds: number;
  running: number;
  failed: number;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
}

/** Jobs (`jobs`): queueing, claiming with a lease, and recording how each attempt ended. */
export class JobRepository {
  constructor(private readonly db: Db) {}

  async insert(job: NewJob): Promise<number> {
    const [row] = await this.db
      .insert(jobs)
      .values({ kind: job.kind, payload: job.payload, runAt: job.runAt, maxAttempts: job.maxAttempts })
      .returning({ id: jobs.id });
    return row!.id;
  }

  /** Adds the row of a periodic job unless another process (or an earlier start) already did. */
  async ensurePeriodic(job: NewJob & { key: string }): Promise<void> {
    await this.db
      .insert(jobs)
      .values({ kind: job.kind, key: job.key, payload: job.payload, runAt: job.runAt, maxAttempts: job.maxAttempts })
      .onConflictDoNothing({ target: jobs.key });
  }

  /**
   * Claims up to `limit` jobs of these kinds that are due by `dueBy`, or whose runner's lease ran out
   * before `now`, for `worker` until `lockedUntil`, counting the attempt. One statement: the inner
   * `SELECT … FOR UPDATE SKIP LOCKED` passes over rows another runner is claiming at the same moment,
   * so no job is ever handed to two runners (PostgreSQL with several processes, or PGlite).
   */
  async claim(kinds: string[], worker: string, now: Date, dueBy: Date, lockedUntil: Date, limit: number): Promise<JobRow[]> {
    if (kinds.length === 0) return [];
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, dueBy)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({ status: 'running', lockedBy: worker, lockedUntil, attempts: sql`${jobs.attempts} + 1`, updatedAt: now })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /**
   * Jobs whose runner went away during their last allowed attempt: periodic ones start over, the
   * others fail. Answers those that failed.
   */
  async expireAbandoned(kinds: string[], now: Date): Promise<Array<{ id: number; kind: string }>> {
    if (kinds.length === 0) return [];
    const abandoned = and(
      inArray(jobs.kind, kinds),
      eq(jobs.status, 'running'),
      lt(jobs.lockedUntil, now),
      sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
    );
    await this.db
      .update(jobs)
      .set({ status: 'pending', attempts: 0, runAt: now, lockedBy: null, lockedUntil: null, lastError: 'lease expired', updatedAt: now })
      .where(and(abandoned, isNotNull(jobs.key)));
    return this.db
      .update(jobs)
      .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: 'lease expired', finishedAt: now, updatedAt: now })
      .where(abandoned)
      .returning({ id: jobs.id, kind: jobs.kind });
  }

  /** Marks a job done, if `worker` still holds it. */
  async complete(id: number, worker: string, now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now })
      .where(this.heldBy(id, worker));
  }

  /** Puts a job back in the queue for `runAt` (a retry, or the next run of periodic work). */
  async reschedule(id: number, worker: string, runAt: Date, now: Date, changes: { lastError?: string | null; resetAttempts?: boolean }): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status: 'pending',
        runAt,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: now,
        ...(changes.lastError !== undefined ? { lastError: changes.lastError } : {}),
        ...(changes.resetAttempts ? { attempts: 0 } : {}),
      })
      .where(this.heldBy(id, worker));
  }

  async fail(id: number, worker: string, error: string, now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'failed', lastError: error, lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now })
      .where(this.heldBy(id, worker));
  }

  /** When the next job of these kinds is due (null: none is waiting). */
  async nextRunAt(kinds: string[]): Promise<Date | null> {
    if (kinds.length === 0) return null;
    const [row] = await this.db
      .select({ next: min(jobs.runAt) })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'pending')));
    return row?.next ? new Date(row.next) : null;
  }

  /**
   * The queue by kind, at `now`: jobs due and waiting, how long the oldest of them has waited (seconds,
   * 0 when none), jobs being run, and jobs that failed for good (kept until the table is pruned).
   */
  async queueStats(now: Date): Promise<JobQueueStats[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const due = sql`${jobs.status} = 'pending' and ${jobs.runAt} <= ${at}`;
    return this.db
      .select({
        kind: jobs.kind,
        due: sql<number>`count(*) filter (where ${due})`.mapWith(Number),
        oldestDueSeconds: sql<number>`coalesce(extract(epoch from ${at} - min(${jobs.runAt}) filter (where ${due})), 0)`.mapWith(Number),
        running: sql<number>`count(*) filter (where ${jobs.status} = 'running')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
      })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running', 'failed']))
      .groupBy(jobs.kind);
  }

  async find(id: number): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /** Deletes jobs that finished (done or failed) before `before`. */
  async deleteFinishedBefore(before: Date): Promise<void> {
    await this.db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
  }

  private heldBy(id: number, worker: string) {
    return and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.lockedBy, worker));
  }
}
