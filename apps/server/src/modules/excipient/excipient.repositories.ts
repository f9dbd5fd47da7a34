import type { Tx } from '../../db/transactor.js';
import type { ExcipientRepository } from './excipient.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ExcipientRepositories {
  excipients: ExcipientRepository;
}

/** A transaction in progress, with this module's repositories. */
export type ExcipientTx = Tx & ExcipientRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownExcipient(within: Tx): ExcipientTx {
  return within as ExcipientTx;
}

/** What other modules read of the catalogue (the home page, the sitemap, what a plan unlocks). */
export type ExcipientReads = Pick<ExcipientRepository, 'featured' | 'count' | 'allIds' | 'documentCounts' | 'excipientIdOf'>;
