import { repositoriesOf } from '../../db/transactor.js';
import type { AuditRepository } from './audit.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AuditRepositories {
  audit: AuditRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownAudit = repositoriesOf<AuditRepositories>();
