import type { Tx } from '../../db/transactor.js';
import type { JobRepository } from './job.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface JobsRepositories {
  jobs: JobRepository;
}

/** A transaction in progress, with this module's repositories. */
export type JobsTx = Tx & JobsRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownJobs(within: Tx): JobsTx {
  return within as JobsTx;
}
