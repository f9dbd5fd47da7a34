import type { Tx } from '../../db/transactor.js';
import type { FileRepository } from './file.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface FilesRepositories {
  files: FileRepository;
}

/** A transaction in progress, with this module's repositories. */
export type FilesTx = Tx & FilesRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownFiles(within: Tx): FilesTx {
  return within as FilesTx;
}
