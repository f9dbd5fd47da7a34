import type { Tx } from '../../db/transactor.js';
import type { AccountRepository } from './account.repository.js';
import type { SessionRepository } from './session.repository.js';
import type { ThrottleRepository } from './throttle.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AccountRepositories {
  accounts: AccountRepository;
  sessions: SessionRepository;
  attempts: ThrottleRepository;
}

/** A transaction in progress, with this module's repositories. */
export type AccountTx = Tx & AccountRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownAccount(within: Tx): AccountTx {
  return within as AccountTx;
}
