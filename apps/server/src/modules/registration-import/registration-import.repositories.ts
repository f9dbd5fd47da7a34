import type { Tx } from '../../db/transactor.js';
import type { RegistrationImportRepository } from './registration-import.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationImportRepositories {
  registrationImports: RegistrationImportRepository;
}

/** A transaction in progress, with this module's repositories. */
export type RegistrationImportTx = Tx & RegistrationImportRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownRegistrationImport(within: Tx): RegistrationImportTx {
  return within as RegistrationImportTx;
}
