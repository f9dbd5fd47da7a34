import type { JobsRepositories } from './jobs.repositories.js';
import { defineModule } from '../../kernel/module.js';
import { JobRunner } from './job-runner.js';
import { JobRepository } from './job.repository.js';
import * as tables from './jobs.schema.js';

const HOUR = 60 * 60 * 1000;
/** Finished jobs (done or failed) stay visible in the table this long. */
const FINISHED_JOBS_KEPT_MS = 14 * 24 * HOUR;

declare module '../../kernel/module.js' {
  interface Services {
    /** The process's background-job runner (docs/decisions/0019). */
    jobs: JobRunner;
  }
  interface ModuleOptions {
    /** The background-job runner: started when the app is ready unless `start` is false (tests run it with `drain()`). */
    jobs?: { start?: boolean; pollMs?: number };
  }
}


export const jobsModule = defineModule({
  name: 'jobs',
  tables: [tables],
  repositories: (db): JobsRepositories => ({ jobs: new JobRepository(db) }),
  provide: ({ db, logger, now, options, metrics }) => {
    const attempts = metrics.counter({
      name: 'job_attempts_total',
      help: 'Attempts at background jobs, by kind and outcome: done, retried (failed, to be tried again), failed (for good).',
      labelNames: ['kind', 'outcome'],
    });
    const repository = new JobRepository(db);
    const runner = new JobRunner(repository, {
      logger: logger.child({ module: 'jobs' }),
      now,
      pollMs: options.jobs?.pollMs,
      onOutcome: (kind, outcome) => attempts.inc({ kind, outcome }),
    });
    metrics.databaseGauges(
      {
        job_queue_depth: { help: 'Background jobs due and waiting for a runner, by kind.', labelNames: ['kind'] },
        job_queue_oldest_age_seconds: { help: 'How long the longest-waiting due job has waited, by kind (0: none is waiting).', labelNames: ['kind'] },
        jobs_running: { help: 'Background jobs a runner is working on, by kind.', labelNames: ['kind'] },
        jobs_failed: { help: 'Background jobs that failed for good, among those kept (finished jobs are kept 14 days), by kind.', labelNames: ['kind'] },
      },
      async (gauges) => {
        const byKind = new Map((await repository.queueStats(now())).map((row) => [row.kind, row]));
        // Every kind this process runs has its series, 0 when it has no job.
        for (const kind of new Set([...runner.kinds(), ...byKind.keys()])) {
          const row = byKind.get(kind);
          gauges.job_queue_depth.set({ kind }, row?.due ?? 0);
          gauges.job_queue_oldest_age_seconds.set({ kind }, row?.oldestDueSeconds ?? 0);
          gauges.jobs_running.set({ kind }, row?.running ?? 0);
          gauges.jobs_failed.set({ kind }, row?.failed ?? 0);
        }
      },
    );
    return { jobs: runner };
  },
  jobs: ({ db }) => [
    {
      name: 'jobs.prune',
      everyMs: HOUR,
      run: async () => void (await new JobRepository(db).deleteFinishedBefore(new Date(Date.now() - FINISHED_JOBS_KEPT_MS))),
    },
  ],
});
