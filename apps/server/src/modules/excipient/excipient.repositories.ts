import { repositoriesOf } from '../../db/transactor.js';
import type { ExcipientRepository } from './excipient.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ExcipientRepositories {
  excipients: ExcipientRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownExcipient = repositoriesOf<ExcipientRepositories>();

/** What other modules read of the catalogue (the home page, the sitemap, what a plan unlocks). */
export type ExcipientReads = Pick<ExcipientRepository, 'featured' | 'count' | 'allIds' | 'documentCounts' | 'excipientIdOf'>;
