import { repositoriesOf } from '../../db/transactor.js';
import type { SettingsRepository } from './settings.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SettingsRepositories {
  settings: SettingsRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownSettings = repositoriesOf<SettingsRepositories>();
