import { repositoriesOf } from '../../db/transactor.js';
import type { OutboxRepository } from './outbox.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface MessagesRepositories {
  outbox: OutboxRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownMessages = repositoriesOf<MessagesRepositories>();
