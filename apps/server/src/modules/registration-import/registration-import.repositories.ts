import { repositoriesOf } from '../../db/transactor.js';
import type { RegistrationImportRepository } from './registration-import.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface RegistrationImportRepositories {
  registrationImports: RegistrationImportRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownRegistrationImport = repositoriesOf<RegistrationImportRepositories>();
