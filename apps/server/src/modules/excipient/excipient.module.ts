import { defineModule } from '../../kernel/module.js';
import { ExcipientAdminService } from './excipient-admin.service.js';
import { excipientAdminRoutes } from './excipient-admin.routes.js';
import { ExcipientRepository } from './excipient.repository.js';
import type { ExcipientReads, ExcipientRepositories } from './excipient.repositories.js';
import { excipientRoutes } from './excipient.routes.js';
import * as tables from './excipient.schema.js';
import { ExcipientService } from './excipient.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    excipientReads: ExcipientReads;
  }
}

/** 产品: the excipient catalogue, its specifications and documents; the products desk. */
export const excipientModule = defineModule({
  name: 'excipient',
  tables: [tables],
  repositories: (db): ExcipientRepositories => ({ excipients: new ExcipientRepository(db) }),
  provide: ({ db }) => ({ excipientReads: new ExcipientRepository(db) }),
  routes: async (app, { db, transactor, services }) => {
    const excipients = new ExcipientRepository(db);
    const catalogue = new ExcipientService(excipients, services.registrationReads, services.favorites, services.files, services.site);
    await app.register(excipientRoutes, { excipients: catalogue, guard: services.guard });
    await app.register(excipientAdminRoutes, { products: new ExcipientAdminService(excipients, services.files, transactor), guard: services.guard });
  },
});
