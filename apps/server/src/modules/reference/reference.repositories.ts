import type { Tx } from '../../db/transactor.js';
import type { ReferenceRepository } from './reference.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ReferenceRepositories {
  reference: ReferenceRepository;
}

/** A transaction in progress, with this module's repositories. */
export type ReferenceTx = Tx & ReferenceRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownReference(within: Tx): ReferenceTx {
  return within as ReferenceTx;
}

/** What other modules read of the databases (what a plan unlocks). */
export type ReferenceReads = Pick<ReferenceRepository, 'databases' | 'stats'>;
