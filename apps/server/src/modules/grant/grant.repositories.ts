import { repositoriesOf } from '../../db/transactor.js';
import type { GrantRepository } from './grant.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface GrantRepositories {
  grants: GrantRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownGrant = repositoriesOf<GrantRepositories>();

/** What the users desk reads of memberships. */
export type GrantReads = Pick<GrantRepository, 'membershipUntil'>;
