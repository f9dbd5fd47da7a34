import type { Tx } from '../../db/transactor.js';
import type { InvoiceRepository } from './invoice.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface InvoiceRepositories {
  invoices: InvoiceRepository;
}

/** A transaction in progress, with this module's repositories. */
export type InvoiceTx = Tx & InvoiceRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownInvoice(within: Tx): InvoiceTx {
  return within as InvoiceTx;
}
