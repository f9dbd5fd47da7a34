import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Where a job is: waiting (`pending`, also between retries), claimed by a runner, or finished. */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * Background work of the server processes (docs/decisions/0019): a row per job, claimed by one
 * runner at a time with `FOR UPDATE SKIP LOCKED`, retried with backoff until `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it (`message.send`, `account.prune`, …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /** Not before this moment: the next try of a failed attempt, or work planned for later. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts started so far (counted when a runner claims the job). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** Periodic work: one row per key, rescheduled after each run instead of finishing. */
    key: text('key').unique(),
    /** The runner that claimed it, and until when its claim (lease) holds; then another may take it over. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
