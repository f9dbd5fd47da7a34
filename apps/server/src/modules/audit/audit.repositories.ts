import type { Tx } from '../../db/transactor.js';
import type { AuditRepository } from './audit.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AuditRepositories {
  audit: AuditRepository;
}

/** A transaction in progress, with this module's repositories. */
export type AuditTx = Tx & AuditRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownAudit(within: Tx): AuditTx {
  return within as AuditTx;
}
