import type { Tx } from '../../db/transactor.js';
import type { RegistrationRepository } from './registration.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationRepositories {
  registrations: RegistrationRepository;
}

/** A transaction in progress, with this module's repositories. */
export type RegistrationTx = Tx & RegistrationRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownRegistration(within: Tx): RegistrationTx {
  return within as RegistrationTx;
}

/** What other modules read of the registration records. */
export type RegistrationReads = Pick<RegistrationRepository, 'byRegNos' | 'find' | 'hasProduct' | 'exportRows'>;
