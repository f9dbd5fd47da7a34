import { repositoriesOf } from '../../db/transactor.js';
import type { NoticeRepository } from './notice.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface NoticeRepositories {
  notices: NoticeRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownNotice = repositoriesOf<NoticeRepositories>();
