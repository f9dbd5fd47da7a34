import { repositoriesOf } from '../../db/transactor.js';
import type { FileRepository } from './file.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface FilesRepositories {
  files: FileRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownFiles = repositoriesOf<FilesRepositories>();
