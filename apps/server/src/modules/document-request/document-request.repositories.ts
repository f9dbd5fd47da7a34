import { repositoriesOf } from '../../db/transactor.js';
import type { DocumentRequestRepository } from './document-request.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface DocumentRequestRepositories {
  documentRequests: DocumentRequestRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownDocumentRequest = repositoriesOf<DocumentRequestRepositories>();
