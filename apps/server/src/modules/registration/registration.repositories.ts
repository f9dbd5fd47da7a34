import { repositoriesOf } from '../../db/transactor.js';
import type { RegistrationRepository } from './registration.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationRepositories {
  registrations: RegistrationRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownRegistration = repositoriesOf<RegistrationRepositories>();

/** What other modules read of the registration records. */
export type RegistrationReads = Pick<RegistrationRepository, 'byRegNos' | 'find' | 'hasProduct' | 'exportRows' | 'search'>;
