import { repositoriesOf } from '../../db/transactor.js';
import type { BatchRepository } from './batch.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface BatchRepositories {
  batches: BatchRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownBatch = repositoriesOf<BatchRepositories>();
