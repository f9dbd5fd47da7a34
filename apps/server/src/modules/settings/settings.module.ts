import { defineModule } from '../../kernel/module.js';
import { SettingsStore } from './settings-store.js';
import { SettingsRepository } from './settings.repository.js';
import type { SettingsRepositories } from './settings.repositories.js';
import { settingsRoutes } from './settings.routes.js';
import * as tables from './settings.schema.js';
import { SampleLimitsService } from './settings.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    settings: SettingsStore;
    /** The sample limits the staff change at run time. */
    sampleLimits: SampleLimitsService;
  }
}

/** Settings the staff change at run time: the sample limits here, the site's details and legal texts for the site module. */
export const settingsModule = defineModule({
  name: 'settings',
  tables: [tables],
  repositories: (db): SettingsRepositories => ({ settings: new SettingsRepository(db) }),
  provide: ({ transactor }) => {
    const settings = new SettingsStore(transactor);
    return { settings, sampleLimits: new SampleLimitsService(settings, transactor) };
  },
  routes: async (app, { services }) => app.register(settingsRoutes, { sampleLimits: services.sampleLimits, guard: services.guard }),
});
