import { defineModule } from '../../kernel/module.js';
import { ReferenceAdminService } from './reference-admin.service.js';
import { referenceAdminRoutes } from './reference-admin.routes.js';
import { ReferenceRepository } from './reference.repository.js';
import type { ReferenceReads, ReferenceRepositories } from './reference.repositories.js';
import { referenceRoutes } from './reference.routes.js';
import * as tables from './reference.schema.js';
import { ReferenceService } from './reference.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    reference: ReferenceService;
    referenceReads: ReferenceReads;
  }
}

/** 数据库: pharmacopoeia standards and usage data; the databases desk. */
export const referenceModule = defineModule({
  name: 'reference',
  tables: [tables],
  repositories: (db): ReferenceRepositories => ({ reference: new ReferenceRepository(db) }),
  provide: ({ db }) => ({ reference: new ReferenceService(new ReferenceRepository(db)), referenceReads: new ReferenceRepository(db) }),
  routes: async (app, { db, transactor, services }) => {
    await app.register(referenceRoutes, { reference: services.reference, guard: services.guard });
    await app.register(referenceAdminRoutes, { desk: new ReferenceAdminService(new ReferenceRepository(db), transactor), guard: services.guard });
  },
});
