import type { Tx } from '../../db/transactor.js';
import type { OutboxRepository } from './outbox.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface MessagesRepositories {
  outbox: OutboxRepository;
}

/** A transaction in progress, with this module's repositories. */
export type MessagesTx = Tx & MessagesRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownMessages(within: Tx): MessagesTx {
  return within as MessagesTx;
}
