import type { Tx } from '../../db/transactor.js';
import type { SettingsRepository } from './settings.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface SettingsRepositories {
  settings: SettingsRepository;
}

/** A transaction in progress, with this module's repositories. */
export type SettingsTx = Tx & SettingsRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownSettings(within: Tx): SettingsTx {
  return within as SettingsTx;
}
