import type { Tx } from '../../db/transactor.js';
import type { NoticeRepository } from './notice.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface NoticeRepositories {
  notices: NoticeRepository;
}

/** A transaction in progress, with this module's repositories. */
export type NoticeTx = Tx & NoticeRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownNotice(within: Tx): NoticeTx {
  return within as NoticeTx;
}
