import { repositoriesOf } from '../../db/transactor.js';
import type { CompanyRepository } from './company.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface CompanyRepositories {
  companies: CompanyRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownCompany = repositoriesOf<CompanyRepositories>();
