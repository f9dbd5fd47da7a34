import type { Tx } from '../../db/transactor.js';
import type { RegistrationWatchRepository } from './registration-watch.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationWatchRepositories {
  registrationWatches: RegistrationWatchRepository;
}

/** A transaction in progress, with this module's repositories. */
export type RegistrationWatchTx = Tx & RegistrationWatchRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownRegistrationWatch(within: Tx): RegistrationWatchTx {
  return within as RegistrationWatchTx;
}
