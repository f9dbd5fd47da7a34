import { repositoriesOf } from '../../db/transactor.js';
import type { SalesOrderRepository } from './sales-order.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SalesOrderRepositories {
  salesOrders: SalesOrderRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownSalesOrder = repositoriesOf<SalesOrderRepositories>();
