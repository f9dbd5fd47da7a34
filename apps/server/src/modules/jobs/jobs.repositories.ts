import { repositoriesOf } from '../../db/transactor.js';
import type { JobRepository } from './job.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface JobsRepositories {
  jobs: JobRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownJobs = repositoriesOf<JobsRepositories>();
