import { repositoriesOf } from '../../db/transactor.js';
import type { SampleCartRepository } from './sample-cart.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SampleCartRepositories {
  cart: SampleCartRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownSampleCart = repositoriesOf<SampleCartRepositories>();
