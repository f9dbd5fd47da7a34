import { repositoriesOf } from '../../db/transactor.js';
import type { OrderRepository } from './order.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface OrderRepositories {
  orders: OrderRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownOrder = repositoriesOf<OrderRepositories>();
