import { repositoriesOf } from '../../db/transactor.js';
import type { InvoiceRepository } from './invoice.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface InvoiceRepositories {
  invoices: InvoiceRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownInvoice = repositoriesOf<InvoiceRepositories>();
