import { newestMigration } from '../../db/database.js';
import { defineModule } from '../../kernel/module.js';
import { SystemRepository } from './system.repository.js';
import { systemRoutes } from './system.routes.js';
import { SystemService } from './system.service.js';

/** Health, readiness and the build the server runs (the web app asks whether a newer one is out). */
export const systemModule = defineModule({
  name: 'system',
  routes: async (app, { db, services, build, dbKind, migrationsSchema, signals }) =>
    app.register(systemRoutes, {
      system: new SystemService(new SystemRepository(db, migrationsSchema), build, signals, newestMigration),
      dbKind,
      guard: services.guard,
    }),
});
