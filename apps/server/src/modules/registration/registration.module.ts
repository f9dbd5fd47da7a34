import { defineModule } from '../../kernel/module.js';
import { RegistrationRepository } from './registration.repository.js';
import type { RegistrationReads, RegistrationRepositories } from './registration.repositories.js';
import { RegistrationRecords } from './registration-records.js';
import { registrationRoutes } from './registration.routes.js';
import * as tables from './registration.schema.js';
import { RegistrationService } from './registration.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    registrationReads: RegistrationReads;
    /** Writing registration records (imports). */
    registrationRecords: RegistrationRecords;
  }
}

/** 登记信息: CDE registration records of excipients. */
export const registrationModule = defineModule({
  name: 'registration',
  tables: [tables],
  repositories: (db): RegistrationRepositories => ({ registrations: new RegistrationRepository(db) }),
  provide: ({ db, transactor }) => ({ registrationReads: new RegistrationRepository(db), registrationRecords: new RegistrationRecords(transactor) }),
  routes: async (app, { db, services }) => {
    const registrations = new RegistrationService(new RegistrationRepository(db), services.favorites, services.excipientReads, services.registrationWatches);
    await app.register(registrationRoutes, { registrations, guard: services.guard });
  },
});
