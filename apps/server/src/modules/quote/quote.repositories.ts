import { repositoriesOf } from '../../db/transactor.js';
import type { QuoteRepository } from './quote.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface QuoteRepositories {
  quotes: QuoteRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownQuote = repositoriesOf<QuoteRepositories>();
