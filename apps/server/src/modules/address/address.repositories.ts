import type { Tx } from '../../db/transactor.js';
import type { AddressRepository } from './address.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AddressRepositories {
  addresses: AddressRepository;
}

/** A transaction in progress, with this module's repositories. */
export type AddressTx = Tx & AddressRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownAddress(within: Tx): AddressTx {
  return within as AddressTx;
}
