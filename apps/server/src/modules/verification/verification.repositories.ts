import { repositoriesOf } from '../../db/transactor.js';
import type { VerificationRepository } from './verification.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface VerificationRepositories {
  codes: VerificationRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownVerification = repositoriesOf<VerificationRepositories>();
