import type { Transactor, Tx } from '../../db/transactor.js';
import type { SettingsRepositories } from './settings.repositories.js';

/** Settings the staff change at run time, stored by key (the site's details, the legal texts, sample limits). */
export class SettingsStore {
  constructor(private readonly transactor: Transactor<SettingsRepositories>) {}

  get(key: string): Promise<unknown> {
    return this.transactor.on().settings.get(key);
  }

  /** Stores a value, in the caller's transaction when given one. */
  put(key: string, value: unknown, within?: Tx): Promise<void> {
    return this.transactor.on(within).settings.put(key, value);
  }
}
