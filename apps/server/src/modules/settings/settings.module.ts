import { defineModule } from '../../kernel/module.js';
import { SettingsStore } from './settings-store.js';
import { SettingsRepository } from './settings.repository.js';
import type { SettingsRepositories } from './settings.repositories.js';
import * as tables from './settings.schema.js';

declare module '../../kernel/module.js' {
  interface Services {
    settings: SettingsStore;
  }
}

/**
 * The store of what the staff change at run time, one JSON value per key: the site's details and legal
 * texts for the site module, the sample limits for the sample-application module.
 */
export const settingsModule = defineModule({
  name: 'settings',
  tables: [tables],
  repositories: (db): SettingsRepositories => ({ settings: new SettingsRepository(db) }),
  provide: ({ transactor }) => ({ settings: new SettingsStore(transactor) }),
});
