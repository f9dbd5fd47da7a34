import { repositoriesOf } from '../../db/transactor.js';
import type { ReferenceRepository } from './reference.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ReferenceRepositories {
  reference: ReferenceRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownReference = repositoriesOf<ReferenceRepositories>();

/** What other modules read of the databases (what a plan unlocks). */
export type ReferenceReads = Pick<ReferenceRepository, 'databases' | 'stats'>;
