import { repositoriesOf } from '../../db/transactor.js';
import type { AddressRepository } from './address.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface AddressRepositories {
  addresses: AddressRepository;
}

/** A transaction in progress, with this module's repositories. */
export type AddressTx = ReturnType<typeof ownAddress>;

/** This module's repositories in a caller's transaction (`within`). */
export const ownAddress = repositoriesOf<AddressRepositories>();
