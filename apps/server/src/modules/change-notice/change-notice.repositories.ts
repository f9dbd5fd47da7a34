import { repositoriesOf } from '../../db/transactor.js';
import type { ChangeNoticeRepository } from './change-notice.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ChangeNoticeRepositories {
  changeNotices: ChangeNoticeRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownChangeNotice = repositoriesOf<ChangeNoticeRepositories>();
