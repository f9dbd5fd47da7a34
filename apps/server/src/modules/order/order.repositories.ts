import type { Tx } from '../../db/transactor.js';
import type { OrderRepository } from './order.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface OrderRepositories {
  orders: OrderRepository;
}

/** A transaction in progress, with this module's repositories. */
export type OrderTx = Tx & OrderRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownOrder(within: Tx): OrderTx {
  return within as OrderTx;
}
