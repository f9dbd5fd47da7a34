import type { Tx } from '../../db/transactor.js';
import type { SampleCartRepository } from './sample-cart.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SampleCartRepositories {
  cart: SampleCartRepository;
}

/** A transaction in progress, with this module's repositories. */
export type SampleCartTx = Tx & SampleCartRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownSampleCart(within: Tx): SampleCartTx {
  return within as SampleCartTx;
}
