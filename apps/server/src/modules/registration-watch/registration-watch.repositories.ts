import { repositoriesOf } from '../../db/transactor.js';
import type { RegistrationWatchRepository } from './registration-watch.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationWatchRepositories {
  registrationWatches: RegistrationWatchRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownRegistrationWatch = repositoriesOf<RegistrationWatchRepositories>();
