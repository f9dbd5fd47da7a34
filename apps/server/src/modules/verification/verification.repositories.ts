import type { Tx } from '../../db/transactor.js';
import type { VerificationRepository } from './verification.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface VerificationRepositories {
  codes: VerificationRepository;
}

/** A transaction in progress, with this module's repositories. */
export type VerificationTx = Tx & VerificationRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownVerification(within: Tx): VerificationTx {
  return within as VerificationTx;
}
