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
  provide: ({ db, logger, now, options }) => ({
    jobs: new JobRunner(new JobRepository(db), { logger: logger.child({ module: 'jobs' }), now, pollMs: options.jobs?.pollMs }),
  }),
  jobs: ({ db }) => [
    {
      name: 'jobs.prune',
      everyMs: HOUR,
      run: async () => void (await new JobRepository(db).deleteFinishedBefore(new Date(Date.now() - FINISHED_JOBS_KEPT_MS))),
    },
  ],
});
