import { repositoriesOf } from '../../db/transactor.js';
import type { AccountRepository } from './account.repository.js';
import type { SessionRepository } from './session.repository.js';
import type { ThrottleRepository } from './throttle.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AccountRepositories {
  accounts: AccountRepository;
  sessions: SessionRepository;
  attempts: ThrottleRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownAccount = repositoriesOf<AccountRepositories>();
