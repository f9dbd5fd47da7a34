import type { Tx } from '../../db/transactor.js';
import type { GrantRepository } from './grant.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface GrantRepositories {
  grants: GrantRepository;
}

/** A transaction in progress, with this module's repositories. */
export type GrantTx = Tx & GrantRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownGrant(within: Tx): GrantTx {
  return within as GrantTx;
}

/** What the users desk reads of memberships. */
export type GrantReads = Pick<GrantRepository, 'membershipUntil'>;
